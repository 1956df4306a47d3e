import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.js';
import type { Db } from '../db/client.js';
import { auditLog, passwordResetTokens } from '../db/schema/index.js';
import { loginCodeEmail } from '../email/templates.js';
import { declareQueue } from '../jobs/queue.js';
import { AppError, errors } from '../errors.js';
import {
  backoffError,
  clearRateLimit,
  clearRateLimitsWithPrefix,
  enforceRateLimit,
  hitRateLimit,
  refundRateLimit,
  reserveBackoff,
  type BackoffRule,
} from '../platform/rate-limit.js';
import { sha256, verifyPassword } from './passwords.js';
import { findUserByEmail, type UserRow } from './service.js';

/**
 * Login throttling that slows a guesser without locking the owner out (issue 13). Every counter lives in the shared
 * rate-limit table, is taken before the password is checked (so a burst of parallel requests cannot slip past it)
 * and is given back when the login succeeds: a success never counts.
 *
 * - One IP guessing one account: 5 free tries, then a wait of 15 s doubling with each further failure, at most
 *   15 min (`backoff`). It only ever concerns that IP and that account; a success clears it.
 * - One IP guessing many accounts: 30 failed logins per 15 min (`perIp`).
 * - Many IPs guessing one account: nothing is locked. Once the account has had 10 failures (from anywhere, counted
 *   in a window that slides 24 h past the latest), a login from an IP that has not signed in to it before needs a
 *   6-digit code e-mailed to the owner (`POST /api/auth/login` answers 401 `login_code_required`). The owner signs
 *   in as always from where they signed in before (30 days), or with the code from anywhere else; a rotating
 *   attacker needs the password and the owner's inbox.
 *
 * Nothing here tells an attacker whether a password was right: with the code required, a right and a wrong password
 * get the same answer, and the code is offered (e-mailed by a job, like forgot-password) for any address.
 */
export const LOGIN_LIMITS = {
  perIp: { name: 'login-ip', max: 30, windowMs: 15 * 60_000 },
  backoff: { name: 'login-backoff', free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * 60_000, memoryMs: 60 * 60_000 } satisfies BackoffRule,
  /** Failures of one account from every IP; past `threshold`, unknown IPs need the e-mailed code. */
  account: { name: 'login-account', max: 10, windowMs: 24 * 60 * 60_000 },
  /** An IP that signed in to the account: no code from there. */
  knownIpMs: 30 * 24 * 60 * 60_000,
  code: {
    ttlMs: 10 * 60_000,
    /** Wrong codes typed with the right password before the code is void (a new one is sent on the next try). */
    maxWrong: 5,
    /** Code e-mails to one account (one live code at a time already keeps it to about 6). */
    mailsPerHour: 6,
  },
};

const INVALID_LOGIN = 'Email o contraseña incorrectos.';
const INVALID_WITH_CODE = 'Email, contraseña o código incorrectos.';
export const LOGIN_CODE_MSG =
  'Te enviamos un código a tu email. Ingrésalo para continuar: vale 10 minutos (si recibiste varios, usa el más reciente). Lo pedimos porque hubo muchos intentos fallidos de ingresar a tu cuenta.';
export const LOGIN_CODE_JOB = declareQueue('login-code-offer');

const CODE_WRONG = { name: 'login-code-wrong', max: LOGIN_LIMITS.code.maxWrong, windowMs: LOGIN_LIMITS.code.ttlMs };
const CODE_MAILS = { name: 'login-code-mail', max: LOGIN_LIMITS.code.mailsPerHour, windowMs: 60 * 60_000 };
const KNOWN_IP = 'login-known';

const backoffKey = (email: string, ip: string) => `${email}:${ip}`;
const codeHash = (userId: string, code: string) => sha256(`login-code:${userId}:${code}`);

async function isKnownIp(db: Db, email: string, ip: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from rate_limits where key = ${`${KNOWN_IP}:${email}:${ip}`} and reset_at > now()`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length > 0;
}

async function rememberIp(db: Db, email: string, ip: string): Promise<void> {
  const seconds = Math.ceil(LOGIN_LIMITS.knownIpMs / 1000);
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${`${KNOWN_IP}:${email}:${ip}`}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set reset_at = excluded.reset_at`);
}

/**
 * The password check behind `POST /api/auth/login`, with every limit above. Returns the user on success; throws
 * 429 (with Retry-After), 401 `login_code_required`, or 401 for wrong credentials.
 */
export async function checkLogin(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  request: FastifyRequest,
  input: { email: string; password: string; code?: string },
): Promise<UserRow> {
  const { db } = deps;
  const { email, password, code } = input;
  const ip = request.ip;
  await enforceRateLimit(db, request, LOGIN_LIMITS.perIp, ip);
  const backoff = await reserveBackoff(db, LOGIN_LIMITS.backoff, backoffKey(email, ip));
  if (!backoff.ok) {
    // A refused try checks no password: it does not count against the IP either.
    await refundRateLimit(db, LOGIN_LIMITS.perIp, ip);
    throw backoffError(request, LOGIN_LIMITS.backoff, backoff.retryAt);
  }
  const account = await hitRateLimit(db, LOGIN_LIMITS.account, email, { sliding: true });
  const needsCode = account.count > LOGIN_LIMITS.account.max && !(await isKnownIp(db, email, ip));

  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? null);
  if (needsCode) {
    if (!code) {
      // The same for every address and either password: the job decides whether there is anyone to e-mail.
      await deps.jobs.send(LOGIN_CODE_JOB, { email });
      throw new AppError('login_code_required', 401, LOGIN_CODE_MSG, 'code');
    }
    if (!(await spendLoginCode(db, user, passwordOk, code))) throw errors.unauthorized(INVALID_WITH_CODE);
  } else if (!user || !passwordOk) {
    throw errors.unauthorized(INVALID_LOGIN);
  }

  // A success counts nowhere: its hits are given back and this IP's failures for the account are cleared.
  await refundRateLimit(db, LOGIN_LIMITS.perIp, ip);
  await refundRateLimit(db, LOGIN_LIMITS.account, email);
  await clearRateLimit(db, LOGIN_LIMITS.backoff, backoffKey(email, ip));
  await rememberIp(db, email, ip);
  return user!;
}

/**
 * Spends the code when it is live and the password was right (single use). Wrong codes typed with the right password
 * add up and void the live codes at `maxWrong`; with a wrong password they count on a separate key, so the work is the
 * same either way and an attacker without the password cannot void the owner's code.
 */
async function spendLoginCode(db: Db, user: UserRow | null, passwordOk: boolean, code: string): Promise<boolean> {
  if (!user) return false;
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, codeHash(user.id, code.trim())),
        eq(passwordResetTokens.userId, user.id),
        eq(passwordResetTokens.purpose, 'login-code'),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        // A wrong password spends nothing: the condition is part of the same statement.
        sql`${passwordOk}`,
      ),
    )
    .returning({ id: passwordResetTokens.id });
  if (spent) {
    await voidLoginCodes(db, user.id);
    await clearRateLimit(db, CODE_WRONG, user.id);
    return true;
  }
  const wrong = await hitRateLimit(db, CODE_WRONG, passwordOk ? user.id : `unproven:${user.id}`);
  if (passwordOk && wrong.count >= CODE_WRONG.max) {
    await voidLoginCodes(db, user.id);
    await clearRateLimit(db, CODE_WRONG, user.id);
  }
  return false;
}

async function voidLoginCodes(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, 'login-code'), isNull(passwordResetTokens.usedAt)));
}

/** The job: e-mails a new code unless a live one is already in the owner's inbox. */
export async function offerLoginCode(deps: Pick<AppDeps, 'db' | 'mailer'>, email: string): Promise<void> {
  const { db } = deps;
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) return;
  const [live] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        eq(passwordResetTokens.purpose, 'login-code'),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (live) return;
  if ((await hitRateLimit(db, CODE_MAILS, user.id)).count > CODE_MAILS.max) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The code and its e-mail commit together: a live code nobody received would block the next one.
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: codeHash(user.id, code),
      purpose: 'login-code',
      expiresAt: new Date(Date.now() + LOGIN_LIMITS.code.ttlMs),
    });
    await deps.mailer.send(loginCodeEmail(user.email, user.firstName, code), { tx });
  });
}

export async function startLoginCodeWorker(deps: Pick<AppDeps, 'db' | 'mailer' | 'jobs'>): Promise<void> {
  await deps.jobs.work<{ email: string }>(LOGIN_CODE_JOB, (job) => offerLoginCode(deps, job.email));
}

/**
 * An admin's or the super admin's unlock: forgets the account's failures (every IP's back-off and the count that asks
 * for a code), voids its wrong-code count, and records who did it.
 */
export async function unlockLogin(
  db: Db,
  target: { id: string; email: string },
  audit: { actorUserId: string; companyId: string | null },
): Promise<{ cleared: number }> {
  const email = target.email.trim().toLowerCase();
  const cleared =
    (await clearRateLimitsWithPrefix(db, `${LOGIN_LIMITS.backoff.name}:${email}:`)) +
    (await clearRateLimit(db, LOGIN_LIMITS.account, email)) +
    (await clearRateLimit(db, CODE_WRONG, target.id)) +
    (await clearRateLimit(db, CODE_WRONG, `unproven:${target.id}`));
  await db.insert(auditLog).values({
    companyId: audit.companyId,
    actorUserId: audit.actorUserId,
    entityType: 'user',
    entityId: target.id,
    action: 'user.login_unlocked',
    changes: { email, countersCleared: cleared },
  });
  return { cleared };
}
