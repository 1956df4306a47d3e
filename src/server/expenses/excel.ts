import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { DOCUMENT_TYPE_LABELS, STATUS_LABELS, type DocumentType, type ExpenseStatus } from '@shared/expenses.js';
import { chileWallClock } from '@shared/format.js';
import { rateSourceLabel } from '@shared/rates.js';
import type { Db } from '../db/client.js';
import { categories, costCenters, expenses, paymentMethods, users } from '../db/schema/index.js';

const approvers = alias(users, 'approver');
const BATCH = 2000;

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'N°', key: 'number', width: 8 },
  { header: 'Fecha', key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
  { header: 'Empleado', key: 'employee', width: 24 },
  { header: 'Email', key: 'email', width: 28 },
  { header: 'Descripción', key: 'description', width: 40 },
  { header: 'Categoría', key: 'category', width: 16 },
  { header: 'Medio de pago', key: 'paymentMethod', width: 18 },
  { header: 'Centro de costo', key: 'costCenter', width: 14 },
  { header: 'Tipo documento', key: 'documentType', width: 14 },
  { header: 'N° documento', key: 'invoiceNumber', width: 14 },
  { header: 'RUT', key: 'taxId', width: 14 },
  { header: 'Moneda', key: 'currency', width: 8 },
  { header: 'Monto original', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
  { header: 'Tipo de cambio', key: 'rate', width: 12, style: { numFmt: '#,##0.0000' } },
  { header: 'Monto CLP', key: 'amountClp', width: 14, style: { numFmt: '"$"#,##0' } },
  { header: 'Neto', key: 'netAmount', width: 14, style: { numFmt: '"$"#,##0' } },
  { header: 'IVA', key: 'taxAmount', width: 12, style: { numFmt: '"$"#,##0' } },
  { header: 'Estado', key: 'status', width: 12 },
  { header: 'Aprobador', key: 'approver', width: 24 },
  { header: 'Fecha decisión (hora de Chile)', key: 'decidedAt', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  { header: 'Motivo rechazo', key: 'rejectionReason', width: 30 },
  { header: 'Origen tipo de cambio', key: 'rateSource', width: 36 },
];

/**
 * One style object per column, shared by all its cells: exceljs resolves a style to its id once per object (a WeakMap),
 * whereas the style it copies into every new cell is a fresh object, resolved again for each of the ~1M cells of a
 * 50,000-row export. Each column's cells are all of one type (or empty), so the cached id is right for all of them.
 */
const COLUMN_STYLES: Partial<ExcelJS.Style>[] = COLUMNS.map((c) => ({ ...c.style }));

/** The expense columns the sheet shows (not the whole row: timbres, flags and timestamps nobody exports cost parsing). */
const EXPORTED = {
  expenseNumber: expenses.expenseNumber,
  date: expenses.date,
  description: expenses.description,
  documentType: expenses.documentType,
  invoiceNumber: expenses.invoiceNumber,
  taxId: expenses.taxId,
  currency: expenses.currency,
  amount: expenses.amount,
  exchangeRate: expenses.exchangeRate,
  exchangeRateSource: expenses.exchangeRateSource,
  exchangeRateDate: expenses.exchangeRateDate,
  amountClp: expenses.amountClp,
  netAmount: expenses.netAmount,
  taxAmount: expenses.taxAmount,
  status: expenses.status,
  approvedAt: expenses.approvedAt,
  rejectedAt: expenses.rejectedAt,
  rejectionReason: expenses.rejectionReason,
};

/** Excel cells have no zone and show a JS Date's UTC fields: write Chile's wall clock (the shared formatter's) as UTC. */
function chileCell(d: Date): Date {
  const c = chileWallClock(d);
  return new Date(Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second)));
}

/**
 * Streams the .xlsx: rows are read in keyset batches and committed as they are written,
 * so memory stays flat whatever the number of expenses.
 */
export function streamExpensesXlsx(db: Db, where: SQL[], log: { error: (o: unknown, m?: string) => void }): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Rendix';
  const ws = wb.addWorksheet('Rendiciones', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS;
  const header = ws.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1D4ED8' } };
  header.commit();

  void (async () => {
    let count = 0;
    let totalClp = 0;
    let totalNet = 0;
    let totalTax = 0;
    // The next batch is asked for while this one is written and sent: the database and the client overlap.
    const query = async (cursor: { date: string; number: number } | null) => {
      const conditions = [...where];
      if (cursor) conditions.push(sql`(${expenses.date}, ${expenses.expenseNumber}) < (${cursor.date}::date, ${cursor.number})`);
      return db
        .select({
          e: EXPORTED,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          category: categories.name,
          paymentMethod: paymentMethods.name,
          costCenter: costCenters.code,
          approverFirst: approvers.firstName,
          approverLast: approvers.lastName,
        })
        .from(expenses)
        .innerJoin(users, eq(users.id, expenses.userId))
        .leftJoin(approvers, eq(approvers.id, expenses.approverId))
        .leftJoin(categories, eq(categories.id, expenses.categoryId))
        .leftJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
        .leftJoin(costCenters, eq(costCenters.id, expenses.costCenterId))
        .where(and(...conditions))
        .orderBy(desc(expenses.date), desc(expenses.expenseNumber))
        .limit(BATCH);
    };
    const batchAfter = (cursor: { date: string; number: number } | null) => {
      const batch = query(cursor);
      // Not awaited when the export stops early (client gone, a write failed): never an unhandled rejection.
      batch.catch(() => undefined);
      return batch;
    };
    type Batch = Awaited<ReturnType<typeof query>>;
    let pending: Promise<Batch> | null = batchAfter(null);
    while (pending) {
      const rows: Batch = await pending;
      const last = rows.at(-1)?.e;
      pending = rows.length === BATCH && last ? batchAfter({ date: last.date, number: last.expenseNumber }) : null;
      for (const r of rows) {
        const e = r.e;
        const decided = e.approvedAt ?? e.rejectedAt;
        const row = ws.addRow({
          number: e.expenseNumber,
          date: new Date(`${e.date}T00:00:00Z`),
          employee: `${r.firstName} ${r.lastName}`.trim(),
          email: r.email,
          description: e.description,
          category: r.category ?? '',
          paymentMethod: r.paymentMethod ?? '',
          costCenter: r.costCenter ?? '',
          documentType: DOCUMENT_TYPE_LABELS[e.documentType as DocumentType] ?? e.documentType,
          invoiceNumber: e.invoiceNumber ?? '',
          taxId: e.taxId ?? '',
          currency: e.currency,
          amount: Number(e.amount),
          rate: Number(e.exchangeRate),
          amountClp: e.amountClp,
          netAmount: e.netAmount,
          taxAmount: e.taxAmount,
          status: STATUS_LABELS[e.status as ExpenseStatus] ?? e.status,
          approver: r.approverFirst ? `${r.approverFirst} ${r.approverLast ?? ''}`.trim() : '',
          decidedAt: decided ? chileCell(decided) : null,
          rejectionReason: e.rejectionReason ?? '',
          // The stored rate's origin: reports never re-read today's rate.
          rateSource: e.currency === 'CLP' ? '' : rateSourceLabel(e.exchangeRateSource, e.exchangeRateDate, e.date),
        });
        row.eachCell({ includeEmpty: true }, (cell, col) => (cell.style = COLUMN_STYLES[col - 1]));
        row.commit();
        totalClp += e.amountClp;
        totalNet += e.netAmount ?? 0;
        totalTax += e.taxAmount ?? 0;
        count++;
      }
      // Back-pressure: let the client take what is written before writing the next batch.
      while (out.writableLength > out.writableHighWaterMark && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) {
        // The query already asked for is let finish (its connection returns to the pool), its rows unused.
        await pending?.catch(() => undefined);
        return;
      }
    }
    const totalRow = ws.addRow({
      description: `Total (${count} rendiciones)`,
      amountClp: count ? { formula: `SUM(O2:O${count + 1})`, result: totalClp } : 0,
      netAmount: count ? { formula: `SUM(P2:P${count + 1})`, result: totalNet } : 0,
      taxAmount: count ? { formula: `SUM(Q2:Q${count + 1})`, result: totalTax } : 0,
    });
    totalRow.font = { bold: true };
    totalRow.commit();
    ws.commit();
    await wb.commit();
  })().catch((err) => {
    log.error({ err }, 'excel export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
