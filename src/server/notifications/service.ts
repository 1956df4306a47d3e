import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ExpenseView } from '@shared/expenses.js';
import { formatCLP, formatDate, formatDateTime } from '@shared/format.js';
import type { AppDeps } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { expenses, memberships, users } from '../db/schema/index.js';
import type { EmailMessage } from '../email/mailer.js';
import { expenseQuery, presentExpense } from '../expenses/service.js';
import { declareQueue, jobIdFrom, type JobQueue } from '../jobs/queue.js';

/*
 * Notification e-mails follow durable events. The write (a filing, a decision) enqueues its event in its own
 * transaction, naming who is to hear about it as things stand then (role, e-mail preference); the event's job writes
 * the e-mails, each under a key, so a job that runs twice mails once.
 */

export const EXPENSE_SUBMITTED_JOB = declareQueue('expense-submitted');
export const EXPENSE_DECIDED_JOB = declareQueue('expense-decided');
/** A step of a multi-step approval opened (or was reassigned): its approver hears about it (approval-flow/steps.ts). */
export const EXPENSE_STEP_PENDING_JOB = declareQueue('expense-step-pending');

interface ExpenseEvent {
  companyId: string;
  expenseId: string;
  /** User ids. */
  recipients: string[];
  /**
   * Step events: which step of how many waits for the recipients, and which assignment of which step row (`id`): a
   * step asked again (a reassignment back, a routing done again after an edit) is a new e-mail.
   */
  step?: { position: number; total: number; id?: string };
}

type NotifyDeps = Pick<AppDeps, 'db' | 'mailer' | 'appUrl'>;
type Recipient = { email: string; firstName: string };

async function enqueueEvent(jobs: JobQueue, tx: DbOrTx, name: string, event: ExpenseEvent): Promise<void> {
  // An expense is filed once and decided once: the event's id makes a second enqueue a no-op.
  if (event.recipients.length) await jobs.send<ExpenseEvent>(name, event, { tx, id: jobIdFrom(`${name}:${event.expenseId}`) });
}

/**
 * In the filing's transaction (or the one that hands an expense back to the admins' single approval): the company's
 * admins hear about it, unless they turned e-mail notifications off; never the submitter, nor `except` (who did it).
 */
export async function enqueueExpenseSubmitted(jobs: JobQueue, tx: DbOrTx, e: { companyId: string; expenseId: string; submitterId: string; except?: string }): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, e.companyId),
        eq(memberships.role, 'admin'),
        eq(memberships.isActive, true),
        eq(users.emailNotifications, true),
        ne(users.id, e.submitterId),
        e.except ? ne(users.id, e.except) : undefined,
      ),
    );
  await enqueueEvent(jobs, tx, EXPENSE_SUBMITTED_JOB, { companyId: e.companyId, expenseId: e.expenseId, recipients: admins.map((a) => a.id) });
}

/** In the decision's transaction: the submitter hears about it, unless they turned e-mail notifications off. */
export async function enqueueExpenseDecided(jobs: JobQueue, tx: DbOrTx, e: { companyId: string; expenseId: string; ownerId: string }): Promise<void> {
  const [owner] = await tx.select({ on: users.emailNotifications }).from(users).where(eq(users.id, e.ownerId)).limit(1);
  await enqueueEvent(jobs, tx, EXPENSE_DECIDED_JOB, { companyId: e.companyId, expenseId: e.expenseId, recipients: owner?.on ? [e.ownerId] : [] });
}

/**
 * In the transaction that opened (or reassigned) a step: its approvers hear that it waits for them. Keyed by the step
 * and its assignment, so a reassignment mails the new approver and a re-run mails nobody twice.
 */
export async function enqueueStepPending(
  jobs: JobQueue,
  tx: DbOrTx,
  e: { companyId: string; expenseId: string; stepId: string; version: number; position: number; total: number; recipients: string[] },
): Promise<void> {
  if (!e.recipients.length) return;
  const event: ExpenseEvent = { companyId: e.companyId, expenseId: e.expenseId, recipients: e.recipients, step: { position: e.position, total: e.total, id: `${e.stepId}:${e.version}` } };
  await jobs.send<ExpenseEvent>(EXPENSE_STEP_PENDING_JOB, event, { tx, id: jobIdFrom(`${EXPENSE_STEP_PENDING_JOB}:${e.stepId}:${e.version}`) });
}

/** Writes one e-mail per recipient, all of them or none; a re-run finds the ones already written by their keys. */
function mailEvent(deps: NotifyDeps, name: string, compose: (e: ExpenseView, to: Recipient, event: ExpenseEvent) => EmailMessage) {
  return async (event: ExpenseEvent) => {
    const [row] = await expenseQuery(deps.db)
      .where(and(eq(expenses.id, event.expenseId), eq(expenses.companyId, event.companyId)))
      .limit(1);
    if (!row) return;
    const expense = presentExpense(row);
    const recipients = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, event.recipients));
    await deps.db.transaction(async (tx) => {
      const step = event.step ? `:${event.step.position}${event.step.id ? `:${event.step.id}` : ''}` : '';
      for (const to of recipients) await deps.mailer.send(compose(expense, to, event), { tx, key: `${name}:${expense.id}${step}:${to.email}` });
    });
  };
}

/** Part of the `email` job group (services.ts): every process consuming it takes these events (each job once). */
export async function startNotificationWorkers(deps: NotifyDeps & Pick<AppDeps, 'jobs'>): Promise<void> {
  await deps.jobs.work<ExpenseEvent>(EXPENSE_SUBMITTED_JOB, mailEvent(deps, EXPENSE_SUBMITTED_JOB, (e, to) => submittedEmail(deps.appUrl, e, to)));
  await deps.jobs.work<ExpenseEvent>(EXPENSE_DECIDED_JOB, mailEvent(deps, EXPENSE_DECIDED_JOB, (e, to) => decidedEmail(deps.appUrl, e, to)));
  await deps.jobs.work<ExpenseEvent>(EXPENSE_STEP_PENDING_JOB, mailEvent(deps, EXPENSE_STEP_PENDING_JOB, (e, to, event) => stepPendingEmail(deps.appUrl, e, to, event.step)));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, lines: string[], link: string, cta: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f5f7fb;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="color:#1d4ed8;margin-top:0">${esc(title)}</h2>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}
<p><a href="${esc(link)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(cta)}</a></p>
<p style="color:#6b7280;font-size:12px;margin-top:32px">Rendix · Puedes desactivar estos avisos en tu menú de usuario (Notificaciones por email).</p></div></body></html>`;
}

function summary(e: ExpenseView): string {
  return `N° ${e.expenseNumber} · ${formatDate(e.date)} · ${formatCLP(e.amountCLP)} · ${e.description}`;
}

function submittedEmail(appUrl: string, e: ExpenseView, admin: Recipient): EmailMessage {
  const who = `${e.user.firstName} ${e.user.lastName}`.trim();
  const lines = [`Hola ${admin.firstName}:`, `${who} envió una rendición para aprobación.`, summary(e)];
  return {
    to: admin.email,
    subject: `Nueva rendición por aprobar: ${formatCLP(e.amountCLP)} de ${who}`,
    text: `${lines.join('\n\n')}\n\nRevísala en ${appUrl}/approvals\n\nRendix`,
    html: html('Nueva rendición por aprobar', lines, `${appUrl}/approvals`, 'Revisar rendiciones'),
  };
}

/** A step of a multi-step approval waits for the recipient. */
function stepPendingEmail(appUrl: string, e: ExpenseView, approver: Recipient, step: ExpenseEvent['step']): EmailMessage {
  const who = `${e.user.firstName} ${e.user.lastName}`.trim();
  const which = step ? `paso ${step.position} de ${step.total}` : 'un paso';
  const lines = [`Hola ${approver.firstName}:`, `La rendición de ${who} espera tu aprobación (${which}).`, summary(e)];
  return {
    to: approver.email,
    subject: `Rendición por aprobar (${which}): ${formatCLP(e.amountCLP)} de ${who}`,
    text: `${lines.join('\n\n')}\n\nRevísala en ${appUrl}/approvals\n\nRendix`,
    html: html('Rendición por aprobar', lines, `${appUrl}/approvals`, 'Revisar rendiciones'),
  };
}

/** The decision, with the reason when rejected. */
function decidedEmail(appUrl: string, e: ExpenseView, owner: Recipient): EmailMessage {
  const approved = e.status === 'approved';
  const title = approved ? 'Tu rendición fue aprobada' : 'Tu rendición fue rechazada';
  const decidedAt = formatDateTime(approved ? e.approvedAt : e.rejectedAt);
  const lines = [`Hola ${owner.firstName}:`, `${title}.`, summary(e), `Enviada el ${formatDateTime(e.createdAt)}; ${approved ? 'aprobada' : 'rechazada'} el ${decidedAt} (hora de Chile).`];
  if (!approved) lines.push(`Motivo: ${e.rejectionReason || 'Sin motivo indicado'}`);
  return {
    to: owner.email,
    subject: `${title}: N° ${e.expenseNumber} (${formatCLP(e.amountCLP)})`,
    text: `${lines.join('\n\n')}\n\nVer tus rendiciones: ${appUrl}/expenses\n\nRendix`,
    html: html(title, lines, `${appUrl}/expenses`, 'Ver mis rendiciones'),
  };
}
