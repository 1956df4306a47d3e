import { editRate } from '../rates/edit.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalSettingsSchema, auditEntrySchema, decisionSchema, pendingExpenseSchema, updateApprovalSettingsSchema } from '@shared/approvals.js';
import { expenseViewSchema } from '@shared/expenses.js';
import { errorResponses } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { parseExpenseFields } from '../expenses/routes.js';
import { getExpense, listPendingExpenses } from '../expenses/service.js';
import { FLOW_MSG } from '@shared/approval-flow.js';
import { currentStepOf, decideStep, expenseIdsAwaiting, mayDecideStep, rerouteEditedExpense, stepsByExpense } from '../approval-flow/steps.js';
import { policyFlagsOf } from '../approval-flow/policies.js';
import { readForm, textFields } from '../storage/multipart.js';
import { faultPoint } from '../platform/faults.js';
import { enqueueReceiptCheck, refreshReceiptChecksIfCheap } from '../receipts/jobs.js';
import { fileSha256 } from '../receipts/service.js';
import { allowsSelfApproval, approvalSettings, decideExpense, updateApprovalSettings, editPendingExpense, expenseHistory, replaceReceipt } from './service.js';

const idParams = z.object({ id: z.string() });

async function receiptSha(deps: AppDeps, key: string): Promise<string | null> {
  const data = await deps.storage.get(key);
  return data ? fileSha256(data) : null;
}
const ONLY_ADMINS = 'Solo un administrador (o el jefe a cargo de un paso) puede aprobar o rechazar rendiciones.';
const ONLY_ADMINS_SETTINGS = 'Solo un administrador puede cambiar cómo se aprueban las rendiciones.';

export const approvalRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /**
   * Admins: every pending expense, each with whether the reader may decide it (not their own, unless self-approval is
   * on; under a multi-step rule, only an open step that is theirs or any admin's). Managers: the expenses whose open
   * step waits for them. Each row says which step it is at and the policy warnings it was filed with.
   */
  r.get('/admin/expenses/pending', { schema: { tags: ['approvals'], response: { 200: z.array(pendingExpenseSchema), ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.reviewApprovals(actor), FLOW_MSG.notApprover);
    const companyId = requireCompanyId(actor);
    const allowSelf = await allowsSelfApproval(db, companyId);
    const rows = can.approveExpenses(actor) ? await listPendingExpenses(db, companyId) : await listPendingExpenses(db, companyId, await expenseIdsAwaiting(db, companyId, actor.userId));
    const ids = rows.map((e) => e.id);
    const [steps, flags] = await Promise.all([stepsByExpense(db, companyId, ids), policyFlagsOf(db, companyId, ids)]);
    return rows.map((e) => {
      const current = currentStepOf(steps.get(e.id));
      const canDecide = current ? mayDecideStep(actor, current, e.user.id, allowSelf) : can.decideExpenseOf(actor, e.user.id, allowSelf);
      return { ...e, ownExpense: e.user.id === actor.userId, canDecide, approvalStep: current, policyViolations: flags.get(e.id) ?? [] };
    });
  });

  /** Separation of duties of the session's company: whether an admin may approve their own expenses. */
  r.get('/company/approval-settings', { schema: { tags: ['approvals'], response: { 200: approvalSettingsSchema, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), ONLY_ADMINS_SETTINGS);
    return approvalSettings(db, requireCompanyId(actor));
  });

  r.put('/company/approval-settings', { schema: { tags: ['approvals'], body: updateApprovalSettingsSchema, response: { 200: approvalSettingsSchema, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), ONLY_ADMINS_SETTINGS);
    return updateApprovalSettings(db, actor, requireCompanyId(actor), request.body.allowSelfApproval);
  });

  r.patch('/admin/expenses/:id/status', { schema: { tags: ['approvals'], params: idParams, body: decisionSchema, response: { 200: expenseViewSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.reviewApprovals(actor), ONLY_ADMINS);
    const companyId = requireCompanyId(actor);
    const body = request.body;
    const decision = body.status === 'approved' ? ({ status: 'approved' } as const) : ({ status: 'rejected', rejectionReason: body.rejectionReason ?? null } as const);
    // The decision's e-mail, the approval webhook and the accounting sync follow from events committed with it.
    // An expense filed under a multi-step rule decides its open step; any other one admin approval, as always.
    if (!(await decideStep(deps, actor, companyId, request.params.id, decision))) {
      authorize(can.approveExpenses(actor), ONLY_ADMINS);
      await decideExpense(deps, actor, companyId, request.params.id, decision);
    }
    faultPoint('approval.after-commit');
    const { receiptKey: _k, ...view } = await getExpense(db, actor, companyId, request.params.id);
    return view;
  });

  r.patch('/admin/expenses/:id', { schema: { tags: ['approvals'], params: idParams, response: { 200: expenseViewSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.approveExpenses(actor), 'Solo un administrador puede editar rendiciones.');
    const companyId = requireCompanyId(actor);
    const parsed = parseExpenseFields(textFields(request.body));
    // The stored rate stays what it was (and where it came from) unless the currency, date or rate changed.
    const input = { ...parsed, resolvedRate: await editRate(deps, actor, companyId, request.params.id, parsed, request.log) };
    // A new RUT or folio may make (or unmake) a duplicate: the check is committed with the edit. A new amount, category
    // or cost center may call for other approval steps: the routing is done again in the same transaction.
    await editPendingExpense(db, actor, companyId, request.params.id, input, async (tx, id, before) => {
      await enqueueReceiptCheck(deps.jobs, tx, companyId, id);
      await rerouteEditedExpense(deps.jobs, tx, actor, companyId, id, { amountClp: before.amountClp, categoryId: before.categoryId, costCenterId: before.costCenterId, submitterId: before.userId });
    });
    faultPoint('expense.edit-after-commit');
    const current = await getExpense(db, actor, companyId, request.params.id);
    await refreshReceiptChecksIfCheap(deps, companyId, current.id, current.receiptKey ? await receiptSha(deps, current.receiptKey) : null);
    const { receiptKey: _k, ...view } = await getExpense(db, actor, companyId, request.params.id);
    return view;
  });

  /** Admins replace a receipt (e.g. when the image is unreadable). */
  r.patch('/expenses/:id/receipt', { config: { multipart: { files: { receipt: 'El nuevo comprobante (JPG, PNG, WebP o PDF, hasta 10 MB)' }, required: ['receipt'] } }, schema: { tags: ['approvals'], params: idParams, consumes: ['multipart/form-data'], response: { 200: expenseViewSchema, ...errorResponses(400, 401, 403, 404, 413) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.approveExpenses(actor), 'Solo un administrador puede reemplazar comprobantes.');
    const companyId = requireCompanyId(actor);
    const { file } = await readForm(request);
    if (!file) throw errors.badRequest('Adjunta un archivo JPG, PNG, WebP o PDF.', 'receipt');
    await replaceReceipt(db, deps.storage, actor, companyId, request.params.id, file, (tx, id) => enqueueReceiptCheck(deps.jobs, tx, companyId, id));
    await refreshReceiptChecksIfCheap(deps, companyId, request.params.id, fileSha256(file.data));
    const { receiptKey: _k, ...view } = await getExpense(db, actor, companyId, request.params.id);
    return view;
  });

  r.get('/expenses/:id/history', { schema: { tags: ['expenses'], params: idParams, response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 401, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    return expenseHistory(db, actor, requireCompanyId(actor), request.params.id);
  });
};
