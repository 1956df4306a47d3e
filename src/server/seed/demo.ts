import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, companies, costCenters, expenses, memberships, paymentMethods, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/passwords.js';
import { createCompany } from '../companies/service.js';

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'admin@demo.cl', password: 'demo1234', role: 'admin' },
  { email: 'ana@demo.cl', password: 'demo1234', role: 'employee' },
  { email: 'pedro@demo.cl', password: 'demo1234', role: 'employee' },
  { email: 'superadmin@rendix.cl', password: 'super1234', role: 'super admin' },
];

const DESCRIPTIONS: [string, string, number][] = [
  ['Almuerzo con cliente en Providencia', 'Alimentación', 28990],
  ['Taxi aeropuerto - oficina', 'Transporte', 18500],
  ['Hotel Concepción 2 noches', 'Hospedaje', 112000],
  ['Resmas de papel y tóner', 'Materiales', 45990],
  ['Bencina visita a faena', 'Combustible', 52000],
  ['Peaje Ruta 68', 'Transporte', 3400],
  ['Colación equipo de terreno', 'Alimentación', 15600],
  ['Curso Excel avanzado', 'Capacitación', 89000],
  ['Licencia software diseño', 'Tecnología', 32900],
  ['Estacionamiento centro', 'Transporte', 4500],
  ['Cena de trabajo Las Condes', 'Alimentación', 64300],
  ['Pendrives y cables', 'Materiales', 12990],
];

/** Seeds "Demo SpA" on an empty database. Returns false when users already exist. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  const hashes = new Map<string, string>();
  for (const l of DEMO_LOGINS) hashes.set(l.email, await hashPassword(l.password));

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email: 'admin@demo.cl', passwordHash: hashes.get('admin@demo.cl'), firstName: 'Carolina', lastName: 'Muñoz', hasCompletedOnboarding: true, emailVerifiedAt: new Date() })
      .returning();
    const company = await createCompany(tx, { name: 'Demo SpA', domain: 'demo.cl', plan: 'professional', ownerId: admin.id });
    const now = new Date();
    await tx
      .update(companies)
      .set({
        taxId: '76123456-0',
        address: 'Av. Providencia 1234, Santiago',
        subscriptionStatus: 'active',
        // No period end: the demo company stays on Profesional however long the embedded data is kept.
        currentPeriodStart: now,
        currentPeriodEnd: null,
      })
      .where(eq(companies.id, company.id));
    const employees = await tx
      .insert(users)
      .values([
        { email: 'ana@demo.cl', passwordHash: hashes.get('ana@demo.cl'), firstName: 'Ana', lastName: 'Rojas', currentCompanyId: company.id, hasCompletedOnboarding: true, emailVerifiedAt: new Date() },
        { email: 'pedro@demo.cl', passwordHash: hashes.get('pedro@demo.cl'), firstName: 'Pedro', lastName: 'González', currentCompanyId: company.id, hasCompletedOnboarding: true, emailVerifiedAt: new Date() },
      ])
      .returning();
    await tx.insert(memberships).values(employees.map((e) => ({ userId: e.id, companyId: company.id, role: 'employee' })));
    await tx.insert(users).values({
      email: 'superadmin@rendix.cl',
      passwordHash: hashes.get('superadmin@rendix.cl'),
      firstName: 'Soporte',
      lastName: 'Rendix',
      isSuperAdmin: true,
      hasCompletedOnboarding: true,
      emailVerifiedAt: new Date(),
    });
    await tx.insert(costCenters).values([
      { companyId: company.id, code: 'ADM', description: 'Administración' },
      { companyId: company.id, code: 'VTA', description: 'Ventas' },
      { companyId: company.id, code: 'OPS', description: 'Operaciones' },
    ]);

    const cats = await tx.select().from(categories).where(eq(categories.companyId, company.id));
    const pms = await tx.select().from(paymentMethods).where(eq(paymentMethods.companyId, company.id));
    const ccs = await tx.select().from(costCenters).where(eq(costCenters.companyId, company.id));
    const people = [admin, ...employees];
    const rows: (typeof expenses.$inferInsert)[] = [];
    const total = 36;
    for (let i = 0; i < total; i++) {
      const [description, catName, base] = DESCRIPTIONS[i % DESCRIPTIONS.length];
      const daysAgo = Math.floor((i * 88) / total) + 1;
      const date = new Date(now.getTime() - daysAgo * 86400_000);
      const status = i < 8 ? 'pending' : i % 5 === 0 ? 'rejected' : 'approved';
      const owner = people[(i % 2) + 1] ?? admin;
      const amountClp = base + (i % 7) * 990;
      const decidedAt = new Date(date.getTime() + 2 * 86400_000);
      rows.push({
        companyId: company.id,
        userId: i % 6 === 0 ? admin.id : owner.id,
        expenseNumber: total - i,
        date: date.toISOString().slice(0, 10),
        amount: String(amountClp),
        currency: 'CLP',
        exchangeRate: '1',
        amountClp,
        description,
        categoryId: cats.find((c) => c.name === catName)?.id,
        paymentMethodId: pms[i % pms.length].id,
        costCenterId: ccs[i % ccs.length].id,
        documentType: i % 4 === 0 ? 'factura' : 'boleta',
        invoiceNumber: i % 4 === 0 ? String(1000 + i) : null,
        taxId: i % 4 === 0 ? '96790240-3' : null,
        status,
        approverId: status === 'pending' ? null : admin.id,
        approvedAt: status === 'approved' ? decidedAt : null,
        rejectedAt: status === 'rejected' ? decidedAt : null,
        rejectionReason: status === 'rejected' ? 'Falta el comprobante original' : null,
        createdAt: date,
        updatedAt: status === 'pending' ? date : decidedAt,
      });
    }
    // Factura-backed rows go to the 'Factura' category, as the creation form requires.
    const facturaId = cats.find((c) => c.name === 'Factura')?.id;
    for (const row of rows) if (row.documentType === 'factura') row.categoryId = facturaId;
    await tx.insert(expenses).values(rows);
    await tx.update(companies).set({ nextExpenseNumber: total + 1 }).where(eq(companies.id, company.id));
  });
  return true;
}
