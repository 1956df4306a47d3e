import { DOCUMENT_TYPE_LABELS, STATUS_LABELS, type DocumentType, type ExpenseView } from '@shared/expenses.js';
import { formatCLP, formatDate, formatDateTime, formatMoney } from '@shared/format.js';
import { formatRut } from '@shared/rut.js';

const esc = (s: string | null | undefined) => (s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Label/value pairs of the comprobante, in order; the HTML and the client's PDF both use them. */
export function comprobanteRows(e: ExpenseView): [string, string][] {
  const rows: [string, string][] = [
    ['N° de rendición', String(e.expenseNumber)],
    ['Fecha del gasto', formatDate(e.date)],
    ['Empleado', `${e.user.firstName} ${e.user.lastName}`.trim() + ` (${e.user.email})`],
    ['Descripción', e.description],
    ['Categoría', e.category ?? '-'],
    ['Medio de pago', e.paymentMethod ?? '-'],
    ['Centro de costo', e.costCenter ?? 'Sin centro de costo'],
    ['Tipo de documento', DOCUMENT_TYPE_LABELS[e.documentType as DocumentType] ?? e.documentType],
  ];
  if (e.invoiceNumber) rows.push(['N° de documento', e.invoiceNumber]);
  if (e.taxId) rows.push(['RUT emisor', formatRut(e.taxId)]);
  if (e.address) rows.push(['Dirección', e.address]);
  if (e.currency !== 'CLP') {
    rows.push(['Monto original', formatMoney(e.amount, e.currency)]);
    rows.push(['Tipo de cambio', Number(e.exchangeRate).toLocaleString('es-CL', { maximumFractionDigits: 4 })]);
  }
  rows.push(['Monto CLP', formatCLP(e.amountCLP)]);
  if (e.netAmount !== null && e.taxAmount !== null) {
    rows.push(['Neto', formatCLP(e.netAmount)]);
    rows.push(['IVA (19 %)', formatCLP(e.taxAmount)]);
  }
  rows.push(['Estado', STATUS_LABELS[e.status] ?? e.status]);
  if (e.status !== 'pending') {
    rows.push(['Aprobador', e.approver ? `${e.approver.firstName} ${e.approver.lastName}`.trim() : '-']);
    rows.push(['Fecha de decisión', formatDateTime(e.approvedAt ?? e.rejectedAt)]);
    if (e.rejectionReason) rows.push(['Motivo del rechazo', e.rejectionReason]);
  }
  rows.push(['Creada', formatDateTime(e.createdAt)]);
  rows.push(['Actualizada', formatDateTime(e.updatedAt)]);
  return rows;
}

export function comprobanteHtml(e: ExpenseView, companyName: string): string {
  const rows = comprobanteRows(e)
    .map(([k, v]) => `<tr><th style="text-align:left;padding:6px 12px 6px 0;color:#475569;font-weight:600;width:35%">${esc(k)}</th><td style="padding:6px 0">${esc(v)}</td></tr>`)
    .join('');
  const receipt = e.receiptUrl && e.receiptMime?.startsWith('image/') ? `<h3 style="margin-top:24px">Comprobante adjunto</h3><img src="${esc(e.receiptUrl)}" alt="Comprobante" style="max-width:100%"/>` : '';
  return `<div style="width:794px;padding:40px;font-family:Arial,sans-serif;color:#0f172a;background:#fff">
<div style="display:flex;justify-content:space-between;border-bottom:2px solid #1d4ed8;padding-bottom:12px">
<div><h1 style="margin:0;font-size:22px">Comprobante de Rendición</h1><p style="margin:4px 0 0;color:#475569">${esc(companyName)}</p></div>
<div style="text-align:right;font-size:28px;font-weight:700;color:#1d4ed8">N° ${e.expenseNumber}</div></div>
<table style="width:100%;margin-top:16px;border-collapse:collapse;font-size:14px">${rows}</table>${receipt}
<p style="margin-top:32px;color:#94a3b8;font-size:11px">Generado por Rendix</p></div>`;
}
