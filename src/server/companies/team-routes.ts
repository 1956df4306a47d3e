import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationSchema, changeUserRoleSchema, companyUserSchema, type CompanyUser, editUserSchema, invitationPreviewSchema, inviteUserSchema } from '@shared/company.js';
import { signedInSchema } from '@shared/auth.js';
import { errorResponses, messageSchema } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { loadSessionContext } from '../auth/service.js';
import { createSession, destroySession, setSessionCookie } from '../auth/sessions.js';
import { recordResource } from '../platform/idempotency.js';
import { enforceRateLimit, refundRateLimit, type RateRule } from '../platform/rate-limit.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { acceptInvitation, inviteUser, previewInvitation, resendInvitation } from './invitations.js';
import { changeUserRole, claimCompanyAdmin, companyUser, deactivateMember, editCompanyUser, reactivateMember } from './team.js';

export const ONLY_ADMINS = 'Solo un administrador puede gestionar la empresa y su equipo.';
const userParams = z.object({ id: z.uuid({ error: 'Usuario no encontrado en esta empresa.' }) });

/** Invitation e-mails go to addresses an admin types: a cap per company keeps the app from being a spam relay. */
const INVITE_RULE = { name: 'company-invite', max: 50, windowMs: 60 * 60_000 };
/**
 * And caps that companies cannot multiply (one account once sent 55 e-mails to one outside address from 5 fresh
 * companies in 1.6 s): per inviting account, and per recipient across every company. An invitation and two resends
 * reach the same person in a day; a team of 20 is invited in an hour, 100 in a day.
 */
export const INVITE_RULES = {
  perInviterHour: { name: 'invite-inviter-hour', max: 20, windowMs: 60 * 60_000 },
  perInviterDay: { name: 'invite-inviter-day', max: 100, windowMs: 24 * 60 * 60_000 },
  perRecipient: { name: 'invite-recipient', max: 3, windowMs: 24 * 60 * 60_000 },
};
const tooManyInvites = (wait: string) => `Enviaste demasiadas invitaciones en poco tiempo. Podrás enviar más ${wait}.`;
const tooManyToRecipient = (wait: string) => `Este email ya recibió varias invitaciones de Rendix hoy. Podrás invitarlo de nuevo ${wait}.`;
const ACCEPT_RULE = { name: 'accept-invite-ip', max: 20, windowMs: 15 * 60_000 };
const PREVIEW_RULE = { name: 'invite-preview-ip', max: 60, windowMs: 15 * 60_000 };

/** Team management and invitations (part 2 §2.1, §7); every call works on the session's current company. */
export const teamRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /**
   * Runs `send` (an invitation e-mail) within the invitation limits; one that sends nothing (409, 403, 404) is given
   * back, so only e-mails that left count.
   */
  async function withInviteLimits<T>(request: FastifyRequest, inviterId: string, companyId: string, recipient: string, send: () => Promise<T>): Promise<T> {
    const taken: [RateRule, string][] = [];
    try {
      for (const [rule, subject, message] of [
        [INVITE_RULE, companyId, undefined],
        [INVITE_RULES.perInviterHour, inviterId, tooManyInvites],
        [INVITE_RULES.perInviterDay, inviterId, tooManyInvites],
        [INVITE_RULES.perRecipient, recipient, tooManyToRecipient],
      ] as const) {
        taken.push([rule, subject]);
        await enforceRateLimit(db, request, rule, subject, message);
      }
      return await send();
    } catch (err) {
      for (const [rule, subject] of taken) await refundRateLimit(db, rule, subject);
      throw err;
    }
  }

  /** The signed-in admin and their company; 403 for everyone else. */
  function adminScope(request: FastifyRequest) {
    const ctx = requireSession(request);
    const actor = actorOf(ctx);
    authorize(can.manageCompany(actor), ONLY_ADMINS);
    const inviterName = `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email;
    return { actor, companyId: requireCompanyId(actor), inviterName };
  }

  /** The invitation's answer; also a retry's, from the membership, when the first answer was lost (Idempotency-Key). */
  function invitedAnswer(user: CompanyUser) {
    const message = user.hasPassword
      ? `${user.email} ya tiene cuenta en Rendix: le enviamos una invitación por email para unirse a la empresa.`
      : `Enviamos una invitación a ${user.email}.`;
    return { status: 201 as const, body: { message, user } };
  }
  const replayInvitation = async (request: FastifyRequest, userId: string) => invitedAnswer(await companyUser(db, adminScope(request).companyId, userId));

  r.post('/company/invite', { config: { idempotent: { resource: 'invitation', replay: replayInvitation } }, schema: { tags: ['company'], body: inviteUserSchema, response: { 201: z.object({ message: z.string(), user: companyUserSchema }), ...errorResponses(400, 401, 403, 409, 429) } } }, async (request, reply) => {
    const { actor, companyId, inviterName } = adminScope(request);
    const invite = () => inviteUser(deps, actor, companyId, request.body.email, inviterName, 'employee', recordResource(request));
    const { status, body } = invitedAnswer(await withInviteLimits(request, actor.userId, companyId, request.body.email, invite));
    return reply.status(status).send(body);
  });

  r.post('/company/resend-invitation', { schema: { tags: ['company'], body: inviteUserSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) } } }, async (request) => {
    const { actor, companyId, inviterName } = adminScope(request);
    await withInviteLimits(request, actor.userId, companyId, request.body.email, () => resendInvitation(deps, actor, companyId, request.body.email, inviterName));
    return { message: `Reenviamos la invitación a ${request.body.email}.` };
  });

  r.post('/company/change-user-role', { schema: { tags: ['company'], body: changeUserRoleSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = adminScope(request);
    await changeUserRole(db, actor, companyId, request.body.userId, request.body.role);
    return { message: 'Rol actualizado' };
  });

  r.post('/company/edit-user', { schema: { tags: ['company'], body: editUserSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = adminScope(request);
    await editCompanyUser(db, actor, companyId, request.body);
    return { message: 'Usuario actualizado' };
  });

  r.post('/company/users/:id/deactivate', { schema: { tags: ['company'], params: userParams, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = adminScope(request);
    await deactivateMember(db, actor, companyId, request.params.id);
    return { message: 'Usuario desactivado' };
  });

  r.post('/company/users/:id/reactivate', { schema: { tags: ['company'], params: userParams, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = adminScope(request);
    await reactivateMember(db, actor, companyId, request.params.id);
    return { message: 'Usuario reactivado' };
  });

  /** Any member may ask; the rule (no active admin left) lives in can.claimCompanyAdmin. */
  r.post('/company/make-me-admin', { schema: { tags: ['company'], response: { 200: messageSchema, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    await claimCompanyAdmin(db, actor, requireCompanyId(actor));
    return { message: 'Ahora eres administrador de la empresa' };
  });

  r.get('/auth/invitation', { config: { auth: 'public' }, schema: { tags: ['auth'], querystring: z.object({ token: acceptInvitationSchema.shape.token }), response: { 200: invitationPreviewSchema, ...errorResponses(400, 404, 429) } } }, async (request) => {
    await enforceRateLimit(db, request, PREVIEW_RULE, request.ip);
    return previewInvitation(db, request.query.token);
  });

  /** Accepting signs the person in like a login: any previous session of this browser ends, a new id is issued. */
  r.post('/auth/accept-invitation', { config: { auth: 'public' }, schema: { tags: ['auth'], body: acceptInvitationSchema, response: { 200: signedInSchema, ...errorResponses(400, 404, 429) } } }, async (request, reply) => {
    await enforceRateLimit(db, request, ACCEPT_RULE, request.ip);
    const user = await acceptInvitation(db, request.body);
    if (request.sessionId) await destroySession(db, request.sessionId);
    const session = await createSession(db, user.id, false, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(request, reply, session.id, false);
    return { user: (await loadSessionContext(db, user)).view };
  });
};
