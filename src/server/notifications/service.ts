import { and, eq, ne } from 'drizzle-orm';
import type { ExpenseView } from '@shared/expenses.js';
import { formatCLP, formatDate, formatDateTime } from '@shared/format.js';
import type { AppDeps } from '../context.js';
import { memberships, users } from '../db/schema/index.js';

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

/** Admins of the company hear about a new expense, unless they turned e-mail notifications off. */
export async function notifyExpenseSubmitted(deps: AppDeps, companyId: string, e: ExpenseView): Promise<void> {
  const admins = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, 'admin'),
        eq(memberships.isActive, true),
        eq(users.emailNotifications, true),
        ne(users.id, e.user.id),
      ),
    );
  const who = `${e.user.firstName} ${e.user.lastName}`.trim();
  for (const admin of admins) {
    const lines = [`Hola ${admin.firstName}:`, `${who} envió una rendición para aprobación.`, summary(e)];
    await deps.mailer.send({
      to: admin.email,
      subject: `Nueva rendición por aprobar: ${formatCLP(e.amountCLP)} de ${who}`,
      text: `${lines.join('\n\n')}\n\nRevísala en ${deps.appUrl}/approvals\n\nRendix`,
      html: html('Nueva rendición por aprobar', lines, `${deps.appUrl}/approvals`, 'Revisar rendiciones'),
    });
  }
}

/** The submitter hears about the decision (with the reason when rejected). */
export async function notifyExpenseDecided(deps: AppDeps, e: ExpenseView): Promise<void> {
  const [owner] = await deps.db
    .select({ email: users.email, firstName: users.firstName, emailNotifications: users.emailNotifications })
    .from(users)
    .where(eq(users.id, e.user.id))
    .limit(1);
  if (!owner?.emailNotifications) return;
  const approved = e.status === 'approved';
  const title = approved ? 'Tu rendición fue aprobada' : 'Tu rendición fue rechazada';
  const decidedAt = formatDateTime(approved ? e.approvedAt : e.rejectedAt);
  const lines = [`Hola ${owner.firstName}:`, `${title}.`, summary(e), `Enviada el ${formatDateTime(e.createdAt)}; ${approved ? 'aprobada' : 'rechazada'} el ${decidedAt} (hora de Chile).`];
  if (!approved) lines.push(`Motivo: ${e.rejectionReason || 'Sin motivo indicado'}`);
  await deps.mailer.send({
    to: owner.email,
    subject: `${title}: N° ${e.expenseNumber} (${formatCLP(e.amountCLP)})`,
    text: `${lines.join('\n\n')}\n\nVer tus rendiciones: ${deps.appUrl}/expenses\n\nRendix`,
    html: html(title, lines, `${deps.appUrl}/expenses`, 'Ver mis rendiciones'),
  });
}
