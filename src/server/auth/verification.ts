import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyEmailSchema } from '@shared/auth.js';
import type { AppDeps } from '../context.js';
import { requireSession } from '../context.js';
import { inTransaction, type Db, type DbOrTx } from '../db/client.js';
import { companies, memberships, passwordResetTokens, users } from '../db/schema/index.js';
import { verifyEmailMessage } from '../email/templates.js';
import { joinCompaniesByDomain, writeAudit } from '../companies/service.js';
import { errors } from '../errors.js';
import { errorResponses, messageSchema } from '../openapi.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { createPasswordResetToken, markEmailVerified, spendLinkToken, type UserRow } from './service.js';

/**
 * E-mail ownership (issue 13): registration signs the person in at once, but whatever trusts the
 * address (joining the companies that claim its domain, a partner plan) waits until the link
 * e-mailed here is opened. Invitation and reset links prove the address too (`markEmailVerified`).
 */

export const VERIFY_LINK_TTL_MS = 24 * 3600 * 1000;
const INVALID_LINK = 'El enlace de verificación no es válido o ya expiró. Inicia sesión y pide uno nuevo.';
const VERIFY_RULE = { name: 'verify-email-ip', max: 30, windowMs: 60 * 60_000 };
const RESEND_RULE = { name: 'verify-email-resend', max: 3, windowMs: 60 * 60_000 };

type Mailing = Pick<AppDeps, 'db' | 'mailer' | 'appUrl'>;

export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/verificar-email?token=${encodeURIComponent(token)}`;
}

/**
 * A new link (24 hours, single use); earlier unused ones stop working. The link and its e-mail commit together, in
 * `tx` when given (registration) or in a transaction of their own.
 */
export async function sendVerificationEmail(deps: Mailing, user: Pick<UserRow, 'id' | 'email' | 'firstName'>, tx?: DbOrTx): Promise<void> {
  await inTransaction(deps.db, tx, async (t) => {
    await t
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'verify'), isNull(passwordResetTokens.usedAt)));
    const token = await createPasswordResetToken(t, user.id, 'verify', { ttlMs: VERIFY_LINK_TTL_MS });
    await deps.mailer.send(verifyEmailMessage(user.email, user.firstName, verificationLink(deps.appUrl, token)), { tx: t });
  });
}

/**
 * Uses the link up (a second use finds it spent), records the address as verified, gives the
 * companies this person administers the partner plan they asked for, then joins the companies
 * that claim the e-mail's domain. Returns how many companies were joined.
 */
export async function verifyEmail(db: Db, token: string): Promise<{ user: UserRow; joined: number }> {
  const user = await db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, token, 'verify', INVALID_LINK);
    await markEmailVerified(tx, spent.userId);
    const owned = tx
      .select({ id: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, spent.userId), eq(memberships.role, 'admin'), eq(memberships.isActive, true)));
    const upgraded = await tx
      .update(companies)
      .set({ plan: sql`${companies.pendingPlan}`, pendingPlan: null, subscriptionStatus: 'active', updatedAt: new Date() })
      .where(and(isNotNull(companies.pendingPlan), inArray(companies.id, owned)))
      .returning({ id: companies.id, plan: companies.plan });
    for (const c of upgraded) {
      await writeAudit(tx, { companyId: c.id, actorUserId: spent.userId, entityType: 'company', entityId: c.id, action: 'company.partner_plan_applied', changes: { plan: c.plan } });
    }
    const [row] = await tx.select().from(users).where(eq(users.id, spent.userId));
    return row;
  });
  const joined = await joinCompaniesByDomain(db, user.id, user.email);
  return { user, joined: joined.length };
}

export const verificationRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post(
    '/auth/verify-email',
    { config: { auth: 'public' }, schema: { tags: ['auth'], summary: 'Confirma el email con el enlace enviado al registrarse', body: verifyEmailSchema, response: { 200: messageSchema, ...errorResponses(400, 429) } } },
    async (request) => {
      await enforceRateLimit(db, request, VERIFY_RULE, request.ip);
      const { joined } = await verifyEmail(db, request.body.token);
      return {
        message:
          joined > 0
            ? `Tu email quedó verificado. Te uniste a ${joined === 1 ? 'la empresa' : `${joined} empresas`} de tu dominio.`
            : 'Tu email quedó verificado.',
      };
    },
  );

  r.post(
    '/auth/resend-verification',
    { schema: { tags: ['auth'], summary: 'Envía de nuevo el enlace de verificación', response: { 200: messageSchema, ...errorResponses(401, 409, 429) } } },
    async (request) => {
      const { user } = requireSession(request);
      if (user.emailVerifiedAt) throw errors.conflict('Tu email ya está verificado.');
      await enforceRateLimit(db, request, RESEND_RULE, user.id);
      await sendVerificationEmail(deps, user);
      return { message: `Te enviamos un nuevo enlace a ${user.email}.` };
    },
  );
};
