import { jsPDF } from 'jspdf';

/** GET /api/expenses/{id}/pdf → expenseData: the fields the comprobante prints, in order. */
export interface ComprobanteData {
  expenseNumber: number;
  companyName: string;
  rows: [string, string][];
  receiptUrl?: string | null;
  receiptMime?: string | null;
}

/** A receipt image ready for jsPDF; width and height are its display size in CSS pixels. */
export interface PdfImage {
  dataUrl: string;
  format: 'JPEG' | 'PNG';
  width: number;
  height: number;
}

// Part 1 §9: A4 portrait, 15 mm margins. Units are millimetres.
const PAGE_W = 210;
const PAGE_H = 297;
const MARGIN = 15;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const FOOTER_Y = PAGE_H - MARGIN;
const BOTTOM = FOOTER_Y - 8;
const LABEL_W = 55;
const VALUE_X = MARGIN + LABEL_W + 3;
const VALUE_W = CONTENT_W - LABEL_W - 3;
const FONT_SIZE = 10;
const LINE_H = (FONT_SIZE * 1.35 * 25.4) / 72;
const BRAND: [number, number, number] = [29, 78, 216];
const MUTED: [number, number, number] = [71, 85, 105];
const MM_PER_CSS_PX = 25.4 / 96;

// Characters the standard PDF fonts (WinAnsi) can draw besides Latin-1.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** The built-in Helvetica only knows WinAnsi; anything else would print as garbage. */
export function pdfSafe(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\t\r]/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (c) => (WIN_ANSI_EXTRA.includes(c) ? c : '?'));
}

/** `comprobante_rendicion_{number}_{company}.pdf`, with the company name safe for any file system. */
export function comprobanteFileName(expenseNumber: number | string, companyName: string): string {
  const company = companyName
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return `comprobante_rendicion_${expenseNumber}${company ? `_${company}` : ''}.pdf`;
}

class Layout {
  y = MARGIN;
  constructor(readonly doc: jsPDF) {}

  get remaining(): number {
    return BOTTOM - this.y;
  }

  newPage(): void {
    this.doc.addPage('a4', 'portrait');
    this.y = MARGIN;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (height > this.remaining && this.y > MARGIN) this.newPage();
  }
}

function drawHeader(l: Layout, data: ComprobanteData): void {
  const { doc } = l;
  doc.setTextColor(15, 23, 42);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text('Comprobante de Rendición', MARGIN, MARGIN + 7);
  doc.setFontSize(20);
  doc.setTextColor(...BRAND);
  doc.text(pdfSafe(`N° ${data.expenseNumber}`), PAGE_W - MARGIN, MARGIN + 7, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.setTextColor(...MUTED);
  const company = doc.splitTextToSize(pdfSafe(data.companyName || '-'), CONTENT_W - 40) as string[];
  doc.text(company, MARGIN, MARGIN + 14);
  l.y = MARGIN + 14 + company.length * 5;
  doc.setDrawColor(...BRAND);
  doc.setLineWidth(0.6);
  doc.line(MARGIN, l.y, PAGE_W - MARGIN, l.y);
  l.y += 6;
}

/** One label/value row; rows taller than the space left move to the next page, and a row taller than a page is split. */
function drawRow(l: Layout, label: string, value: string): void {
  const { doc } = l;
  doc.setFontSize(FONT_SIZE);
  doc.setFont('helvetica', 'bold');
  const labelLines = doc.splitTextToSize(pdfSafe(label), LABEL_W) as string[];
  doc.setFont('helvetica', 'normal');
  const valueLines = doc.splitTextToSize(pdfSafe(value || '-'), VALUE_W) as string[];
  const lines = Math.max(labelLines.length, valueLines.length);
  l.ensure(lines * LINE_H + 3);
  for (let i = 0; i < lines; i++) {
    if (l.y + LINE_H > BOTTOM) {
      l.newPage();
    }
    const baseline = l.y + LINE_H * 0.75;
    doc.setTextColor(...MUTED);
    doc.setFont('helvetica', 'bold');
    if (labelLines[i]) doc.text(labelLines[i], MARGIN, baseline);
    doc.setTextColor(15, 23, 42);
    doc.setFont('helvetica', 'normal');
    if (valueLines[i]) doc.text(valueLines[i], VALUE_X, baseline);
    l.y += LINE_H;
  }
  l.y += 1.5;
  doc.setDrawColor(226, 232, 240);
  doc.setLineWidth(0.2);
  doc.line(MARGIN, l.y, PAGE_W - MARGIN, l.y);
  l.y += 1.5;
}

/**
 * The receipt fitted to the content width, never enlarged past its own size (like the HTML
 * comprobante's max-width: 100%), centred. An image taller than what is left goes to a new page;
 * one taller than a whole page is drawn in slices, each page clipping its part of the same image.
 */
function drawImage(l: Layout, image: PdfImage): void {
  const { doc } = l;
  const width = Math.min(CONTENT_W, image.width * MM_PER_CSS_PX);
  const height = (width * image.height) / image.width;
  const x = MARGIN + (CONTENT_W - width) / 2;
  const headingH = 12;
  // Heading and image stay together when the image fits on a page; otherwise start it with room to spare.
  l.ensure(height + headingH <= BOTTOM - MARGIN ? height + headingH : 60);
  l.y += 4;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(12);
  doc.setTextColor(15, 23, 42);
  doc.text('Comprobante adjunto', MARGIN, l.y + 4);
  l.y += headingH - 4;
  if (height <= l.remaining) {
    doc.addImage(image.dataUrl, image.format, x, l.y, width, height, 'receipt', 'FAST');
    l.y += height;
    return;
  }
  let offset = 0;
  while (offset < height - 0.01) {
    const slice = Math.min(l.remaining, height - offset);
    doc.saveGraphicsState();
    doc.rect(x, l.y, width, slice, null);
    doc.clip();
    doc.discardPath();
    doc.addImage(image.dataUrl, image.format, x, l.y - offset, width, height, 'receipt', 'FAST');
    doc.restoreGraphicsState();
    offset += slice;
    l.y += slice;
    if (offset < height - 0.01) l.newPage();
  }
}

function drawFooters(doc: jsPDF): void {
  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(148, 163, 184);
    doc.text('Generado por Rendix', MARGIN, FOOTER_Y);
    if (pages > 1) doc.text(`Página ${i} de ${pages}`, PAGE_W - MARGIN, FOOTER_Y, { align: 'right' });
  }
}

/** The comprobante as a text PDF (searchable, copyable), with the receipt image when there is one. */
export function buildComprobantePdf(data: ComprobanteData, image: PdfImage | null): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.setDocumentProperties({ title: pdfSafe(`Comprobante de Rendición N° ${data.expenseNumber}`), subject: pdfSafe(data.companyName), creator: 'Rendix' });
  const l = new Layout(doc);
  drawHeader(l, data);
  for (const [label, value] of data.rows) drawRow(l, label, value);
  if (image && image.width > 0 && image.height > 0) drawImage(l, image);
  drawFooters(doc);
  return doc;
}
