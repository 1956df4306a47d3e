import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid } from '@shared/input.js';
import {
  NIUDATA_MSG,
  NIUDATA_SERVICE,
  NIUDATA_SANDBOX_LABEL,
  niudataConfigureResponseSchema,
  niudataConfigureSchema,
  niudataConnectionTestSchema,
  niudataDiagnosticsSchema,
  niudataHistoryQuerySchema,
  niudataPendingExpenseSchema,
  niudataPreviewSchema,
  niudataSettingsInputSchema,
  niudataStatusSchema,
  niudataSyncAllResponseSchema,
  niudataSyncHistoryPageSchema,
  niudataSyncResponseSchema,
  type NiudataConnectionTest,
  type NiudataDiagnostics,
} from '@shared/niudata.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { companies, niudataSyncHistory } from '../db/schema/index.js';
import { AppError, errors } from '../errors.js';
import { errorResponses } from '../openapi.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { NiudataError, withoutRetryNote } from './client.js';
import { findSettings, niudataClient, niudataMode, presentStatus, readToken, requireNiudataClient, saveSettings, saveToken } from './connection.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { countPending, enqueueAll, enqueueSync, listHistory, listPending, loadExpense, voucherFor } from './sync.js';
import { voucherTotals } from './voucher.js';

const idParams = z.object({ id: z.string().max(64) });
const companyQuery = z.object({ companyId: z.string().max(64).optional() });
const TAGS = ['niudata'];

/**
 * Part 2 §7 'Accounting service' (`{acct}` = niudata): company admins for their current company; the super admin
 * also for any company through `companyId` (the §2.10 page). Employees 403, another company's ids 404.
 */
export const niudataRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;

  if (niudataMode(env) === 'sandbox') await app.register(sandboxRoutes, deps);

  /** The company worked on: the session's, or (super admin only) the one named by `companyId`. */
  async function adminCompany(request: FastifyRequest, companyId?: string): Promise<{ companyId: string; userId: string }> {
    const actor = actorOf(requireSession(request));
    if (companyId && actor.isSuperAdmin) {
      const [company] = isUuid(companyId) ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1) : [];
      if (!company) throw errors.notFound(NIUDATA_MSG.companyNotFound);
      return { companyId: company.id, userId: actor.userId };
    }
    authorize(can.manageCompany(actor), NIUDATA_MSG.onlyAdmins);
    const own = requireCompanyId(actor);
    if (companyId && companyId !== own) throw errors.notFound(NIUDATA_MSG.companyNotFound);
    return { companyId: own, userId: actor.userId };
  }

  /** The token check's failure as the API answers it: a bad token is the request's fault (400), never a 401 (that one signs the user out). */
  function configureError(err: unknown): never {
    if (err instanceof NiudataError) {
      if (err.kind === 'unauthorized') throw new AppError('niudata_token_invalid', 400, NIUDATA_MSG.tokenInvalid, 'token');
      if (err.kind === 'rejected') throw new AppError('niudata_rejected', 400, err.message, 'token');
      throw new AppError('niudata_unreachable', 502, `No se pudo verificar el token: ${withoutRetryNote(err.message)}`);
    }
    throw err;
  }

  r.get(
    '/niudata/status',
    { config: { auth: 'session' }, schema: { tags: TAGS, summary: 'Estado de la conexión con NiuData (sin el token)', querystring: companyQuery, response: { 200: niudataStatusSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const { companyId } = await adminCompany(request, request.query.companyId);
      return presentStatus(env, await findSettings(db, companyId));
    },
  );

  r.post(
    '/niudata/configure',
    {
      config: { auth: 'session' },
      schema: {
        tags: TAGS,
        summary: 'Configura el token de NiuData de la empresa',
        description: 'Verifica el token con NiuData y lo guarda cifrado (AES-256-GCM). Nunca se devuelve: solo sus últimos 4 caracteres.',
        body: niudataConfigureSchema,
        response: { 200: niudataConfigureResponseSchema, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request) => {
      const { companyId, userId } = await adminCompany(request, request.body.companyId);
      const client = requireNiudataClient(deps);
      await client.checkToken(request.body.token).catch(configureError);
      const row = await saveToken(deps, companyId, userId, request.body.token);
      return { success: true as const, message: NIUDATA_MSG.tokenConfigured, status: presentStatus(env, row) };
    },
  );

  r.put(
    '/niudata/settings',
    {
      config: { auth: 'session' },
      schema: {
        tags: TAGS,
        summary: 'Cuentas del voucher y sincronización automática',
        querystring: companyQuery,
        body: niudataSettingsInputSchema,
        response: { 200: niudataStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = await adminCompany(request, request.query.companyId);
      const row = await saveSettings(db, companyId, request.body);
      return presentStatus(env, row);
    },
  );

  async function connectionTest(companyId: string): Promise<NiudataConnectionTest> {
    const mode = niudataMode(env);
    const client = niudataClient(deps);
    const label = mode === 'sandbox' ? ` (${NIUDATA_SANDBOX_LABEL})` : '';
    if (!client) return { connected: false, service: NIUDATA_SERVICE, message: NIUDATA_MSG.unavailable, status: 'error', mode };
    try {
      await client.ping();
    } catch (err) {
      if (!(err instanceof NiudataError)) throw err;
      return { connected: false, service: NIUDATA_SERVICE, message: withoutRetryNote(err.message), status: 'error', mode };
    }
    let token: string | null;
    try {
      token = await readToken(deps, companyId);
    } catch (err) {
      if (!(err instanceof NiudataError)) throw err;
      return { connected: false, service: NIUDATA_SERVICE, message: err.message, status: 'error', mode };
    }
    if (!token) return { connected: false, service: NIUDATA_SERVICE, message: `NiuData responde${label}, pero falta configurar el token de la empresa.`, status: 'warning', mode };
    try {
      await client.checkToken(token);
    } catch (err) {
      if (!(err instanceof NiudataError)) throw err;
      return { connected: false, service: NIUDATA_SERVICE, message: withoutRetryNote(err.message), status: 'error', mode };
    }
    return { connected: true, service: NIUDATA_SERVICE, message: `Conectado a NiuData${label}.`, status: 'success', mode };
  }

  r.get(
    '/niudata/test',
    { config: { auth: 'session' }, schema: { tags: TAGS, summary: 'Prueba de conexión con NiuData', querystring: companyQuery, response: { 200: niudataConnectionTestSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => connectionTest((await adminCompany(request, request.query.companyId)).companyId),
  );

  r.post(
    '/niudata/diagnostics',
    { config: { auth: 'session' }, schema: { tags: TAGS, summary: 'Diagnóstico completo de la integración con NiuData', querystring: companyQuery, response: { 200: niudataDiagnosticsSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request): Promise<NiudataDiagnostics> => {
      const { companyId } = await adminCompany(request, request.query.companyId);
      const mode = niudataMode(env);
      const client = niudataClient(deps);
      const settings = await findSettings(db, companyId);
      const status = presentStatus(env, settings);
      const checks: NiudataDiagnostics['details']['checks'] = [];
      const timed = async (name: string, run: () => Promise<string>): Promise<boolean> => {
        const started = Date.now();
        try {
          checks.push({ name, ok: true, message: await run(), durationMs: Date.now() - started });
          return true;
        } catch (err) {
          if (!(err instanceof NiudataError)) throw err;
          checks.push({ name, ok: false, message: withoutRetryNote(err.message), durationMs: Date.now() - started });
          return false;
        }
      };
      let apiResponding = false;
      let tokenValid = false;
      let endpointsAccessible = false;
      if (!client) checks.push({ name: 'Servicio', ok: false, message: NIUDATA_MSG.unavailable, durationMs: null });
      else {
        apiResponding = await timed('API responde', async () => {
          const pong = await client.ping();
          return `NiuData responde${pong.version ? ` (versión ${pong.version})` : ''}${mode === 'sandbox' ? ` · ${NIUDATA_SANDBOX_LABEL}` : ''}.`;
        });
        let token: string | null = null;
        try {
          token = await readToken(deps, companyId, settings);
        } catch (err) {
          if (!(err instanceof NiudataError)) throw err;
          checks.push({ name: 'Token válido', ok: false, message: err.message, durationMs: null });
        }
        if (!token && !checks.some((c) => c.name === 'Token válido')) checks.push({ name: 'Token válido', ok: false, message: NIUDATA_MSG.notConfigured, durationMs: null });
        if (token) {
          const t = token;
          tokenValid = await timed('Token válido', async () => {
            const out = await client.checkToken(t);
            return out.account?.name ? `Token válido (cuenta ${out.account.name}).` : 'Token válido.';
          });
          endpointsAccessible = await timed('Endpoints de vouchers', async () => {
            try {
              await client.getVoucher(t, 'rendix-diagnostico');
            } catch (err) {
              // An unknown voucher answering 404 proves the endpoint is there and answers this token.
              if (!(err instanceof NiudataError) || err.kind !== 'rejected' || err.status !== 404) throw err;
            }
            return 'El endpoint de vouchers responde.';
          });
        }
      }
      return {
        success: apiResponding && tokenValid && endpointsAccessible,
        tokenValid,
        endpointsAccessible,
        apiResponding,
        details: {
          mode,
          service: NIUDATA_SERVICE,
          baseUrl: client?.baseUrl ?? null,
          tokenConfigured: status.configured,
          tokenHint: status.tokenHint,
          pendingCount: await countPending(db, companyId),
          checks,
          checkedAt: new Date().toISOString(),
        },
      };
    },
  );

  r.get(
    '/niudata/pending',
    { config: { auth: 'session' }, schema: { tags: TAGS, summary: 'Rendiciones aprobadas pendientes de sincronizar', response: { 200: z.array(niudataPendingExpenseSchema), ...errorResponses(400, 401, 403) } } },
    async (request) => listPending(db, (await adminCompany(request)).companyId),
  );

  r.get(
    '/niudata/preview/:id',
    {
      config: { auth: 'session' },
      schema: {
        tags: TAGS,
        summary: 'Vista previa del voucher de una rendición (no lo envía)',
        description: 'success false (voucher null) cuando la rendición no se puede contabilizar: `problems` dice por qué (códigos contables faltantes).',
        params: idParams,
        response: { 200: niudataPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = await adminCompany(request);
      const row = await loadExpense(db, companyId, request.params.id);
      const built = await voucherFor(deps, companyId, row);
      if (!built.ok) return { success: false, message: built.problems.join('. '), problems: built.problems, voucher: null };
      const [done] = await db
        .select({ voucherId: niudataSyncHistory.voucherId, voucherUrl: niudataSyncHistory.voucherUrl })
        .from(niudataSyncHistory)
        .where(and(eq(niudataSyncHistory.companyId, companyId), eq(niudataSyncHistory.expenseId, row.e.id), eq(niudataSyncHistory.status, 'success')))
        .orderBy(desc(niudataSyncHistory.createdAt))
        .limit(1);
      const totals = voucherTotals(built.voucher);
      return {
        success: true,
        message: row.e.status === 'approved' ? NIUDATA_MSG.previewReady : `${NIUDATA_MSG.previewReady} ${NIUDATA_MSG.notApproved}`,
        problems: [],
        voucher: {
          ...(done?.voucherUrl ? { voucher_url: done.voucherUrl } : {}),
          ...(row.e.syncVoucherId ? { voucher_id: row.e.syncVoucherId } : {}),
          entries: built.voucher.entries,
          totalDebit: totals.debit,
          totalCredit: totals.credit,
        },
      };
    },
  );

  /** Sync needs a usable connection: the service on this server and a token. */
  async function requireConfigured(companyId: string) {
    requireNiudataClient(deps);
    const settings = await findSettings(db, companyId);
    if (!settings?.tokenEncrypted) throw new AppError('niudata_not_configured', 400, NIUDATA_MSG.notConfigured);
  }

  r.post(
    '/niudata/sync/:id',
    {
      config: { auth: 'session' },
      schema: {
        tags: TAGS,
        summary: 'Sincroniza una rendición aprobada (en segundo plano)',
        description: 'Encola el envío del voucher; el resultado queda en el historial y en el estado de sincronización de la rendición. 422 cuando faltan códigos contables (no se envía).',
        params: idParams,
        response: { 200: niudataSyncResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const { companyId } = await adminCompany(request);
      await loadExpense(db, companyId, request.params.id);
      await requireConfigured(companyId);
      const result = await enqueueSync(deps, companyId, request.params.id, 'manual');
      if (result.status === 'error') throw new AppError('voucher_incomplete', 422, result.message);
      return { success: true, message: NIUDATA_MSG.syncQueued, historyId: result.historyId, status: 'pending' as const };
    },
  );

  r.post(
    '/niudata/sync-all',
    {
      config: { auth: 'session' },
      schema: {
        tags: TAGS,
        summary: 'Sincroniza todas las rendiciones aprobadas pendientes',
        description: '`synced`: encoladas; `errors`: informadas sin enviar (p. ej. sin código contable), con el motivo en `problems`; `total`: las pendientes consideradas.',
        response: { 200: niudataSyncAllResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const { companyId } = await adminCompany(request);
      await requireConfigured(companyId);
      const out = await enqueueAll(deps, companyId);
      return { ...out, message: out.total === 0 ? NIUDATA_MSG.nothingPending : NIUDATA_MSG.syncAllQueued(out.synced) };
    },
  );

  r.get(
    '/niudata/sync-history',
    { config: { auth: 'session' }, schema: { tags: TAGS, summary: 'Historial de sincronizaciones con NiuData', querystring: niudataHistoryQuerySchema, response: { 200: niudataSyncHistoryPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listHistory(db, (await adminCompany(request)).companyId, request.query),
  );
};
