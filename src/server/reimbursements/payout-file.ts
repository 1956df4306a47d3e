import ExcelJS from 'exceljs';
import { ACCOUNT_TYPE_LABELS, bankName, type AccountType, type PayoutBatch } from '@shared/reimbursements.js';

/** One transfer of the 'nómina de pagos': what the bank's bulk-payment upload asks for. */
export interface PayoutLine {
  rut: string;
  name: string;
  bankCode: string;
  accountType: AccountType;
  accountNumber: string;
  amountClp: number;
  email: string;
}

/** The file's columns, in order (Excel header row and CSV header line). */
export const PAYOUT_COLUMNS = ['RUT', 'Nombre', 'Banco', 'Código banco', 'Tipo de cuenta', 'Número de cuenta', 'Monto', 'Email', 'Glosa'] as const;

function cells(l: PayoutLine, glosa: string): (string | number)[] {
  return [l.rut, l.name, bankName(l.bankCode), l.bankCode, ACCOUNT_TYPE_LABELS[l.accountType] ?? l.accountType, l.accountNumber, l.amountClp, l.email, glosa];
}

export const glosaOf = (batch: Pick<PayoutBatch, 'batchNumber'>) => `Reembolso de gastos, nómina N° ${batch.batchNumber}`;

export async function payoutXlsx(batch: PayoutBatch, lines: PayoutLine[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Rendix';
  const ws = wb.addWorksheet('Nómina de pagos', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = PAYOUT_COLUMNS.map((header, i) => ({ header, width: [14, 28, 24, 12, 18, 20, 14, 30, 36][i] }));
  ws.getRow(1).font = { bold: true };
  // Account numbers as text: leading zeros are part of them.
  ws.getColumn(6).numFmt = '@';
  ws.getColumn(7).numFmt = '"$"#,##0';
  for (const l of lines) ws.addRow(cells(l, glosaOf(batch)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A spreadsheet cell: text that starts like a formula is quoted so no spreadsheet runs it (CSV injection). */
function csvCell(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Semicolon-separated with a UTF-8 BOM: what Excel in Chilean Spanish opens as columns, accents intact. */
export function payoutCsv(batch: PayoutBatch, lines: PayoutLine[]): string {
  const rows = [PAYOUT_COLUMNS as readonly (string | number)[], ...lines.map((l) => cells(l, glosaOf(batch)))];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
