import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema, forgotSchema, loginSchema, preferencesSchema, registerSchema, resetSchema, signedInSchema } from '@shared/auth.js';
import { errorResponses, messageSchema } from '../openapi.js';
import type { PlanId } from '@shared/plans.js';
import { users } from '../db/schema/index.js';
import { requireSession, type AppDeps } from '../context.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { requestPasswordReset } from './password-reset-job.js';
import { checkLogin } from './login-guard.js';
import { unlockRoutes } from './unlock-routes.js';
import {
  findUserById,
  loadSessionContext,
  registerAccount,
  resetPassword,
  type UserRow,
} from './service.js';
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from './sessions.js';
import { sendVerificationEmail, verificationRoutes } from './verification.js';

export const FORGOT_RULES = {
  perIp: { name: 'forgot-ip', max: 20, windowMs: 60 * 60_000 },
  perAccount: { name: 'forgot-account', max: 3, windowMs: 60 * 60_000 },
};
/** Each registration e-mails an address someone typed: 30 an hour per IP, and no more than 100 in a day. */
export const REGISTER_RULES = {
  perIpHour: { name: 'register-ip', max: 30, windowMs: 60 * 60_000 },
  perIpDay: { name: 'register-ip-day', max: 100, windowMs: 24 * 60 * 60_000 },
};

const FORGOT_ANSWER = 'Si el email existe, recibirás instrucciones para restablecer tu contraseña.';

export const authRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  await app.register(unlockRoutes, deps);

  /** Ends any session the browser had, then opens a fresh one: the id rotates on every sign-in. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, persistent: boolean) {
    if (request.sessionId) await destroySession(db, request.sessionId);
    const s = await createSession(db, user.id, persistent, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(request, reply, s.id, persistent);
    const ctx = await loadSessionContext(db, user);
    return ctx.view;
  }

  await app.register(verificationRoutes, deps);

  const register = (plan: PlanId) => async (request: FastifyRequest<{ Body: z.output<typeof registerSchema> }>, reply: FastifyReply) => {
    await enforceRateLimit(db, request, REGISTER_RULES.perIpHour, request.ip);
    await enforceRateLimit(db, request, REGISTER_RULES.perIpDay, request.ip);
    const user = await registerAccount(db, request.body, plan, (tx, created) => sendVerificationEmail(deps, created, tx));
    const view = await signIn(request, reply, user, false);
    return reply.status(201).send({ user: view });
  };

  r.post('/auth/register', { config: { auth: 'public' }, schema: { tags: ['auth'], body: registerSchema, response: { 201: signedInSchema, ...errorResponses(400, 409, 429) } } }, register('free'));
  r.post('/auth/register-niudata', { config: { auth: 'public' }, schema: { tags: ['auth'], body: registerSchema, response: { 201: signedInSchema, ...errorResponses(400, 409, 429) } } }, register('niudata-free'));

  r.post('/auth/login', { config: { auth: 'public' }, schema: { tags: ['auth'], body: loginSchema, response: { 200: signedInSchema, ...errorResponses(400, 401, 429) } } }, async (request, reply) => {
    const { email, password, rememberMe, code } = request.body;
    // Back-off per IP and account, a cap per IP, and an e-mailed code instead of a lock-out per account (login-guard.ts).
    const user = await checkLogin(deps, request, { email, password, code });
    return { user: await signIn(request, reply, user, rememberMe === true) };
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionId) await destroySession(db, request.sessionId);
    clearSessionCookie(reply);
    return { message: 'Sesión cerrada' };
  };
  r.post('/auth/logout', { config: { auth: 'public' }, schema: { tags: ['auth'], response: { 200: messageSchema } } }, logout);
  r.post('/logout', { config: { auth: 'public' }, schema: { tags: ['auth'], response: { 200: messageSchema } } }, logout);

  r.get('/auth/user', { schema: { tags: ['auth'], response: { 200: currentUserSchema, ...errorResponses(401) } } }, async (request) => requireSession(request).view);

  r.post('/auth/forgot-password', { config: { auth: 'public' }, schema: { tags: ['auth'], body: forgotSchema, response: { 200: messageSchema, ...errorResponses(400, 429) } } }, async (request) => {
    const { email } = request.body;
    await enforceRateLimit(db, request, FORGOT_RULES.perIp, request.ip);
    await enforceRateLimit(db, request, FORGOT_RULES.perAccount, email);
    // The same answer, after the same work, either way: looking the address up and e-mailing is a background job.
    await requestPasswordReset(deps, email);
    return { message: FORGOT_ANSWER };
  });

  r.post('/auth/reset-password', { config: { auth: 'public' }, schema: { tags: ['auth'], body: resetSchema, response: { 200: messageSchema, ...errorResponses(400, 429) } } }, async (request) => {
    await enforceRateLimit(db, request, FORGOT_RULES.perIp, request.ip);
    await resetPassword(db, request.body.token, request.body.password);
    return { message: 'Tu contraseña ha sido actualizada exitosamente. Ya puedes iniciar sesión.' };
  });

  r.post('/auth/complete-onboarding', { schema: { tags: ['auth'], response: { 200: messageSchema, ...errorResponses(401) } } }, async (request) => {
    const ctx = requireSession(request);
    await db.update(users).set({ hasCompletedOnboarding: true, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
    return { message: 'Onboarding completado' };
  });

  r.patch('/user/preferences', { schema: { tags: ['user'], body: preferencesSchema, response: { 200: currentUserSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const ctx = requireSession(request);
    await db
      .update(users)
      .set({ ...request.body, updatedAt: new Date() })
      .where(eq(users.id, ctx.user.id));
    const user = await findUserById(db, ctx.user.id);
    return (await loadSessionContext(db, user!)).view;
  });
};
