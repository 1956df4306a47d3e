import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@shared/auth.js';
import { getPlan, type PlanId } from '@shared/plans.js';
import type { Db, DbOrTx } from '../db/client.js';
import { auditLog, companies, memberships, users } from '../db/schema/index.js';
import { seedDefaultCatalog } from '../catalog/defaults.js';
import { errors } from '../errors.js';

export type CompanyRow = typeof companies.$inferSelect;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCompanyCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Creates a company with its default catalog and makes `ownerId` its admin. */
export async function createCompany(
  tx: DbOrTx,
  input: { name: string; domain?: string | null; plan?: PlanId; ownerId: string },
): Promise<CompanyRow> {
  const plan = input.plan ?? 'free';
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name.trim(),
      domain: input.domain?.trim().toLowerCase() || null,
      companyCode: newCompanyCode(),
      plan,
      subscriptionStatus: getPlan(plan).price === 0 && plan !== 'niudata-free' ? 'free' : 'active',
    })
    .returning();
  await tx.insert(memberships).values({ userId: input.ownerId, companyId: company.id, role: 'admin' });
  await seedDefaultCatalog(tx, company.id);
  await tx.update(users).set({ currentCompanyId: company.id, updatedAt: new Date() }).where(eq(users.id, input.ownerId));
  await tx.insert(auditLog).values({
    companyId: company.id,
    actorUserId: input.ownerId,
    entityType: 'company',
    entityId: company.id,
    action: 'company.created',
    changes: { name: company.name, plan },
  });
  return company;
}

export async function listMemberships(db: Db, userId: string) {
  return db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      role: memberships.role,
      company: { id: companies.id, name: companies.name },
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .orderBy(asc(companies.name));
}

export async function findActiveMembership(db: Db, userId: string, companyId: string) {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), eq(memberships.isActive, true)))
    .limit(1);
  return m ?? null;
}

/**
 * The company a request works on: the user's saved choice while they are still an active member
 * (any company for a super admin), else their first active membership.
 */
export async function resolveCurrentCompany(
  db: Db,
  user: { id: string; currentCompanyId: string | null; isSuperAdmin: boolean },
): Promise<{ company: CompanyRow; role: Role | null } | null> {
  if (user.currentCompanyId) {
    const [row] = await db
      .select({ company: companies, role: memberships.role, active: memberships.isActive })
      .from(companies)
      .leftJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, user.id)))
      .where(eq(companies.id, user.currentCompanyId))
      .limit(1);
    if (row && row.active) return { company: row.company, role: row.role as Role };
    if (row && user.isSuperAdmin) return { company: row.company, role: (row.active ? row.role : 'admin') as Role };
  }
  const [first] = await db
    .select({ company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, user.id), eq(memberships.isActive, true)))
    .orderBy(asc(memberships.joinedAt))
    .limit(1);
  if (!first) return null;
  await db.update(users).set({ currentCompanyId: first.company.id }).where(eq(users.id, user.id));
  return { company: first.company, role: first.role as Role };
}

export async function switchCompany(db: Db, user: { id: string; isSuperAdmin: boolean }, companyId: string) {
  const membership = await findActiveMembership(db, user.id, companyId);
  if (!membership) {
    const [exists] = user.isSuperAdmin ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)) : [];
    if (!exists) throw errors.notFound('Empresa no encontrada.');
  }
  await db.update(users).set({ currentCompanyId: companyId, updatedAt: new Date() }).where(eq(users.id, user.id));
}

/** free | pro | trial as the client reads it (part 1 §3). */
export function subscriptionStatusOf(company: CompanyRow | null): 'free' | 'pro' | 'trial' {
  if (!company) return 'free';
  if (company.subscriptionStatus === 'trial') return 'trial';
  if (company.plan === 'free') return 'free';
  if (company.plan === 'niudata-free') return 'pro';
  return company.subscriptionStatus === 'active' ? 'pro' : 'free';
}

export async function companyById(db: Db, companyId: string): Promise<CompanyRow> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw errors.notFound('Empresa no encontrada.');
  return c;
}

export async function countActiveUsers(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true)));
  return r.n;
}
