import type { AppDeps } from '../context.js';
import { passwordResetEmail } from '../email/templates.js';
import { declareQueue } from '../jobs/queue.js';
import { createPasswordResetToken, findUserByEmail } from './service.js';

/**
 * Forgot-password answers before any work that depends on the account: the route only enqueues this job (the
 * same insert for every address), so an existing and an unknown e-mail take the same time. The job looks the
 * address up and, when it belongs to someone, e-mails a reset link.
 */
export const PASSWORD_RESET_JOB = declareQueue('password-reset-request');

type ResetDeps = Pick<AppDeps, 'db' | 'mailer' | 'jobs' | 'appUrl'>;

export async function requestPasswordReset(deps: Pick<AppDeps, 'jobs'>, email: string): Promise<void> {
  await deps.jobs.send(PASSWORD_RESET_JOB, { email });
}

export async function sendPasswordResetLink(deps: Omit<ResetDeps, 'jobs'>, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  // The link and its e-mail commit together: a crash between them leaves no link nobody received.
  await deps.db.transaction(async (tx) => {
    const token = await createPasswordResetToken(tx, user.id);
    // deps.appUrl is read when the job runs (tests learn their port after the app is built).
    const link = `${deps.appUrl}/auth?view=reset&token=${encodeURIComponent(token)}`;
    await deps.mailer.send(passwordResetEmail(user.email, user.firstName, link), { tx });
  });
}

/** Part of the `email` job group (services.ts): every process consuming it takes these jobs (each once). */
export async function startPasswordResetWorker(deps: ResetDeps): Promise<void> {
  await deps.jobs.work<{ email: string }>(PASSWORD_RESET_JOB, (job) => sendPasswordResetLink(deps, job.email));
}
