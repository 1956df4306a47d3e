import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FLOW_MSG,
  approvalRuleSchema,
  approvalRulesInputSchema,
  approvalStepSchema,
  expensePoliciesSchema,
  expensePoliciesViewSchema,
  managerAssignmentInputSchema,
  managerAssignmentSchema,
  policyCheckInputSchema,
  policyCheckResultSchema,
  reassignStepSchema,
} from '@shared/approval-flow.js';
import { isCalendarDate, isUuid, maxExpenseDate, MIN_DATE } from '@shared/input.js';
import { errorResponses } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { getExpense } from '../expenses/service.js';
import { openRateProvider } from '../rates/open.js';
import { rateFor } from '../rates/service.js';
import { getPolicies, listAssignments, listRules, replaceAssignment, replacePolicies, replaceRules } from './config.js';
import { checkBeforeFiling } from './policies.js';
import { reassignStep, stepsByExpense } from './steps.js';

const idParams = z.object({ id: z.string() });
const managerParams = z.object({ managerId: z.string() });

/** Configuración → 'Flujo de aprobación' (admins), the form's policy check, an expense's steps, reassignment. */
export const approvalFlowRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const rates = openRateProvider(deps.env);

  r.get('/company/approval-rules', { schema: { tags: ['approvals'], summary: 'Reglas de aprobación de la empresa, en orden', response: { 200: z.array(approvalRuleSchema), ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), FLOW_MSG.onlyAdmins);
    return listRules(db, requireCompanyId(actor));
  });

  r.put('/company/approval-rules', { schema: { tags: ['approvals'], summary: 'Reemplaza las reglas de aprobación (la primera que calza decide)', body: approvalRulesInputSchema, response: { 200: z.array(approvalRuleSchema), ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), FLOW_MSG.onlyAdmins);
    return replaceRules(db, actor, requireCompanyId(actor), request.body.rules);
  });

  r.get('/company/manager-assignments', { schema: { tags: ['approvals'], summary: 'Centros de costo y personas por jefe', response: { 200: z.array(managerAssignmentSchema), ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), FLOW_MSG.onlyAdmins);
    return listAssignments(db, requireCompanyId(actor));
  });

  r.put('/company/manager-assignments/:managerId', { schema: { tags: ['approvals'], summary: 'Define qué centros de costo y personas aprueba un jefe', params: managerParams, body: managerAssignmentInputSchema, response: { 200: managerAssignmentSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), FLOW_MSG.onlyAdmins);
    const companyId = requireCompanyId(actor);
    if (!isUuid(request.params.managerId)) throw errors.notFound('Esa persona no pertenece a tu empresa.');
    return replaceAssignment(db, actor, companyId, request.params.managerId, request.body);
  });

  /** Everyone in the company may read the policies (they apply to them); only admins change them. */
  r.get('/company/expense-policies', { schema: { tags: ['approvals'], summary: 'Políticas que se revisan al rendir', response: { 200: expensePoliciesViewSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    return getPolicies(db, requireCompanyId(actor));
  });

  r.put('/company/expense-policies', { schema: { tags: ['approvals'], summary: 'Cambia las políticas que se revisan al rendir', body: expensePoliciesSchema, response: { 200: expensePoliciesViewSchema, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), 'Solo un administrador puede cambiar las políticas de gastos.');
    return replacePolicies(db, actor, requireCompanyId(actor), request.body);
  });

  r.post('/expenses/policy-check', { schema: { tags: ['expenses'], summary: 'Revisa una rendición contra las políticas antes de enviarla', body: policyCheckInputSchema, response: { 200: policyCheckResultSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    const b = request.body;
    // The rate the filing would take: the typed one, else the one of the expense's date (as POST /expenses looks it up;
    // a date the filing would refuse looks up nothing).
    const fileable = isCalendarDate(b.date) && b.date >= MIN_DATE && b.date <= maxExpenseDate();
    const looked = b.exchangeRate === null && b.currency !== 'CLP' && fileable ? await rateFor(db, rates, b.currency, b.date, request.log) : null;
    const violations = await checkBeforeFiling(db, requireCompanyId(actor), { ...b, exchangeRate: b.exchangeRate ?? looked?.rate ?? null });
    return { violations };
  });

  r.get('/expenses/:id/approval-steps', { schema: { tags: ['expenses'], summary: 'Los pasos de aprobación de una rendición (vacío: la aprueba un administrador)', params: idParams, response: { 200: z.array(approvalStepSchema), ...errorResponses(400, 401, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    await getExpense(db, actor, companyId, request.params.id); // 404 unless the reader may see it
    return (await stepsByExpense(db, companyId, [request.params.id])).get(request.params.id) ?? [];
  });

  r.post('/admin/expenses/:id/reassign', { schema: { tags: ['approvals'], summary: 'Reasigna el paso abierto de una rendición a otro jefe o administrador', params: idParams, body: reassignStepSchema, response: { 200: z.array(approvalStepSchema), ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.approveExpenses(actor), 'Solo un administrador puede reasignar un paso de aprobación.');
    const companyId = requireCompanyId(actor);
    await reassignStep(deps, actor, companyId, request.params.id, request.body.userId);
    return (await stepsByExpense(db, companyId, [request.params.id])).get(request.params.id) ?? [];
  });
};
