import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CatalogItem, type CostCenter, catalogDeleteResultSchema, catalogItemSchema, catalogItemViewSchema, costCenterSchema, costCenterViewSchema, paymentMethodSchema, paymentMethodViewSchema } from '@shared/catalog.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { errorResponses } from '../openapi.js';
import type { Db, DbOrTx } from '../db/client.js';
import { auditLog, categories, catalogKey, costCenters, expenses, paymentMethods } from '../db/schema/index.js';
import { actorOf, requireActor, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { authorize, can, requireCompanyId, type Actor } from '../policies/index.js';

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
const listQuery = z.object({ companyId: z.uuid({ error: 'Empresa inválida' }).optional() });

/** An update must name at least one field (an empty SET is not an update). */
function somethingToUpdate<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return schema.refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Indica al menos un campo para actualizar.' });
}

/** A super admin may read another company's lists with ?companyId= (super admin API page). */
function listCompanyId(actor: Actor, requested?: string): string {
  if (requested && requested !== actor.companyId) {
    authorize(can.superAdmin(actor));
    return requested;
  }
  return requireCompanyId(actor);
}

interface Resource {
  path: string;
  /** Spanish nouns for messages. */
  label: { one: string; article: 'la' | 'el' };
  /** The field that must be unique per company (case, accents and spaces aside), and the 409 when it is not. */
  unique: { field: 'name' | 'code'; column: AnyPgColumn; duplicate: string };
  table: typeof categories | typeof paymentMethods | typeof costCenters;
  expenseColumn: typeof expenses.categoryId | typeof expenses.paymentMethodId | typeof expenses.costCenterId;
  schema: typeof catalogItemSchema | typeof paymentMethodSchema | typeof costCenterSchema;
  view: typeof catalogItemViewSchema | typeof paymentMethodViewSchema | typeof costCenterViewSchema;
  orderBy: ReturnType<typeof asc>;
}

const RESOURCES: Resource[] = [
  { path: '/categories', label: { one: 'categoría', article: 'la' }, unique: { field: 'name', column: categories.name, duplicate: 'Ya existe una categoría con ese nombre.' }, table: categories, expenseColumn: expenses.categoryId, schema: catalogItemSchema, view: catalogItemViewSchema, orderBy: asc(categories.name) },
  { path: '/payment-methods', label: { one: 'medio de pago', article: 'el' }, unique: { field: 'name', column: paymentMethods.name, duplicate: 'Ya existe un medio de pago con ese nombre.' }, table: paymentMethods, expenseColumn: expenses.paymentMethodId, schema: paymentMethodSchema, view: paymentMethodViewSchema, orderBy: asc(paymentMethods.name) },
  { path: '/cost-centers', label: { one: 'centro de costo', article: 'el' }, unique: { field: 'code', column: costCenters.code, duplicate: 'Ya existe un centro de costo con ese código.' }, table: costCenters, expenseColumn: expenses.costCenterId, schema: costCenterSchema, view: costCenterViewSchema, orderBy: asc(costCenters.code) },
];

/** The row without tenant and timestamp columns; the route's response schema checks the shape. */
function present(row: Record<string, unknown>): CatalogItem | CostCenter {
  const { companyId: _c, createdAt: _d, ...rest } = row;
  return rest as CatalogItem | CostCenter;
}

async function findOwned(db: Db, r: Resource, companyId: string, id: string) {
  const t = r.table as typeof categories;
  const [row] = await db.select().from(t).where(and(eq(t.id, id), eq(t.companyId, companyId))).limit(1);
  if (!row) throw errors.notFound(`No se encontró ${r.label.article} ${r.label.one}.`);
  return row;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Refuses a name (or cost center code) the company already has, however it is written. The unique index on the same
 * key decides between two requests racing past this check: its violation is the same 409, never a 500.
 */
async function assertUnique(db: DbOrTx, r: Resource, companyId: string, value: unknown, exceptId?: string): Promise<void> {
  if (typeof value !== 'string') return;
  const t = r.table as typeof categories;
  const [clash] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.companyId, companyId), sql`${catalogKey(r.unique.column)} = ${catalogKey(sql`${value}::text`)}`, exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw errors.conflict(r.unique.duplicate, r.unique.field);
}

/** Runs a write; a unique-index violation (a duplicate saved concurrently) answers the resource's 409. */
async function refusingDuplicates<T>(r: Resource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(r.unique.duplicate, r.unique.field);
    throw err;
  }
}

/** Categories, payment methods and cost centers: same CRUD, each scoped to the current company. */
export const catalogRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const r of RESOURCES) {
    const t = r.table as typeof categories;

    api.get(r.path, { schema: { tags: ['catalog'], querystring: listQuery, response: { 200: z.array(r.view), ...errorResponses(400, 401, 403, 429) } }, config: { auth: 'either' } }, async (request) => {
      const actor = requireActor(request);
      const companyId = listCompanyId(actor, request.query.companyId);
      const rows = await db.select().from(t).where(eq(t.companyId, companyId)).orderBy(r.orderBy);
      return rows.map(present);
    });

    api.post(r.path, { config: { idempotent: true }, schema: { tags: ['catalog'], body: r.schema, response: { 201: r.view, ...errorResponses(400, 401, 403, 409) } } }, async (request, reply) => {
      const actor = actorOf(requireSession(request));
      authorize(can.manageCatalog(actor), 'Solo un administrador puede modificar la configuración.');
      const companyId = requireCompanyId(actor);
      await assertUnique(db, r, companyId, (request.body as Record<string, unknown>)[r.unique.field]);
      // The row and its audit entry are saved together or not at all.
      const row = await refusingDuplicates(r, () => db.transaction(async (tx) => {
        const [created] = await tx
          .insert(t)
          .values({ ...(request.body as object), companyId } as typeof categories.$inferInsert)
          .returning();
        await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: r.path.slice(1), entityId: created.id, action: 'created', changes: request.body });
        return created;
      }));
      return reply.status(201).send(present(row));
    });

    api.put(r.path + '/:id', { schema: { tags: ['catalog'], params: idParams, body: somethingToUpdate(r.schema.partial()), response: { 200: r.view, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
      const actor = actorOf(requireSession(request));
      authorize(can.manageCatalog(actor), 'Solo un administrador puede modificar la configuración.');
      const companyId = requireCompanyId(actor);
      await findOwned(db, r, companyId, request.params.id);
      const body = Object.fromEntries(Object.entries(request.body as object).filter(([, v]) => v !== undefined));
      await assertUnique(db, r, companyId, body[r.unique.field], request.params.id);
      const row = await refusingDuplicates(r, () => db.transaction(async (tx) => {
        const [updated] = await tx
          .update(t)
          .set(body)
          .where(and(eq(t.id, request.params.id), eq(t.companyId, companyId)))
          .returning();
        await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: r.path.slice(1), entityId: updated.id, action: 'updated', changes: body });
        return updated;
      }));
      return present(row);
    });

    api.delete(r.path + '/:id', { schema: { tags: ['catalog'], params: idParams, response: { 200: catalogDeleteResultSchema, ...errorResponses(401, 403, 404) } } }, async (request) => {
      const actor = actorOf(requireSession(request));
      authorize(can.manageCatalog(actor), 'Solo un administrador puede modificar la configuración.');
      const companyId = requireCompanyId(actor);
      const existing = await findOwned(db, r, companyId, request.params.id);
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(expenses)
        .where(and(eq(expenses.companyId, companyId), eq(r.expenseColumn, existing.id)));
      // In use: deactivate instead of breaking the expenses that point at it.
      if (n > 0) {
        await db.transaction(async (tx) => {
          await tx.update(t).set({ isActive: false }).where(eq(t.id, existing.id));
          await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: r.path.slice(1), entityId: existing.id, action: 'deactivated', changes: { usedBy: n } });
        });
        return { deleted: false, deactivated: true, message: `Está en uso por ${n} ${n === 1 ? 'rendición' : 'rendiciones'}: se desactivó en lugar de eliminarse.` };
      }
      await db.transaction(async (tx) => {
        await tx.delete(t).where(eq(t.id, existing.id));
        await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: r.path.slice(1), entityId: existing.id, action: 'deleted' });
      });
      return { deleted: true, deactivated: false, message: 'Eliminado' };
    });
  }
};
