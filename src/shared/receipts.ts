import { z } from 'zod';

/**
 * Receipt analysis contract shared by the server (POST /api/receipts/analyze, expense save) and the client
 * (new-expense form, expense detail, approval card). Part 1 §3 'Receipt analysis result' plus what Rendix adds:
 * per-field sources, the SII timbre and the flags an admin must see.
 */

/** Where a field's value came from, most trusted first. */
export type FieldSource = 'timbre' | 'text' | 'ocr' | 'model' | 'guess';

export const FIELD_SOURCE_LABELS: Record<FieldSource, string> = {
  timbre: 'Timbre SII',
  text: 'Texto del PDF',
  ocr: 'Lectura de imagen',
  model: 'Modelo de IA',
  guess: 'Estimado',
};

/** SII electronic document type codes (Resolución Ex. SII N° 45 de 2003 and later) we name. */
export const SII_DOCUMENT_TYPES: Record<number, { label: string; documentType: 'factura' | 'boleta' | 'recibo' | 'ticket' }> = {
  29: { label: 'Factura de Inicio', documentType: 'factura' },
  30: { label: 'Factura', documentType: 'factura' },
  32: { label: 'Factura de Venta Exenta', documentType: 'factura' },
  33: { label: 'Factura Electrónica', documentType: 'factura' },
  34: { label: 'Factura Exenta Electrónica', documentType: 'factura' },
  35: { label: 'Boleta', documentType: 'boleta' },
  38: { label: 'Boleta Exenta', documentType: 'boleta' },
  39: { label: 'Boleta Electrónica', documentType: 'boleta' },
  41: { label: 'Boleta Exenta Electrónica', documentType: 'boleta' },
  43: { label: 'Liquidación Factura Electrónica', documentType: 'factura' },
  46: { label: 'Factura de Compra Electrónica', documentType: 'factura' },
  52: { label: 'Guía de Despacho Electrónica', documentType: 'recibo' },
  56: { label: 'Nota de Débito Electrónica', documentType: 'recibo' },
  61: { label: 'Nota de Crédito Electrónica', documentType: 'recibo' },
  110: { label: 'Factura de Exportación Electrónica', documentType: 'factura' },
  111: { label: 'Nota de Débito de Exportación Electrónica', documentType: 'recibo' },
  112: { label: 'Nota de Crédito de Exportación Electrónica', documentType: 'recibo' },
};

export function siiDocumentLabel(code: number): string {
  return SII_DOCUMENT_TYPES[code]?.label ?? `Documento tributario tipo ${code}`;
}

/** What the PDF417 timbre electrónico said, and whether its FRMT signature holds with the key in its CAF. */
export const timbreSummarySchema = z.object({
  issuerRut: z.string(),
  documentTypeCode: z.number().int(),
  documentTypeLabel: z.string(),
  folio: z.string(),
  /** yyyy-mm-dd */
  date: z.string(),
  /** MNT, whole pesos. */
  total: z.number().int(),
  receiverRut: z.string().nullable(),
  receiverName: z.string().nullable(),
  firstItem: z.string().nullable(),
  /** true: FRMT verifies over DD with the CAF's RSA key and the folio/type/RUT agree with the CAF. */
  signatureValid: z.boolean(),
  /** Spanish reason when signatureValid is false. */
  problem: z.string().nullable(),
});
export type TimbreSummary = z.infer<typeof timbreSummarySchema>;

export const RECEIPT_FLAG_CODES = ['timbre_invalid', 'timbre_total_mismatch', 'duplicate_document', 'duplicate_file'] as const;
export type ReceiptFlagCode = (typeof RECEIPT_FLAG_CODES)[number];

/** Something an admin must look at before approving; the message is the Spanish text shown. */
export const receiptFlagSchema = z.object({
  code: z.enum(RECEIPT_FLAG_CODES),
  message: z.string(),
  /** For duplicates: the expense already filed with the same document or file. */
  expenseNumber: z.number().int().optional(),
  expenseId: z.string().optional(),
});
export type ReceiptFlag = z.infer<typeof receiptFlagSchema>;

const FIELD_SOURCES = ['timbre', 'text', 'ocr', 'model', 'guess'] as const;

/**
 * How far one field of the analysis can be trusted. 'high': confirmed by something else on the document (the timbre,
 * arithmetic that agrees, a check digit, an explicit label and an unambiguous form), right ≥ 98 % of the time on real
 * receipts (bench/receipts/README.md); 'medium': read but unconfirmed; 'low': guessed. The form asks the user to check
 * every prefilled field that is not 'high'.
 */
export const FIELD_CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export type FieldConfidenceLevel = (typeof FIELD_CONFIDENCE_LEVELS)[number];

/** The body of `data` in POST /api/receipts/analyze. */
export const receiptAnalysisSchema = z.object({
  amount: z.number().nullable(),
  currency: z.string(),
  exchangeRate: z.number().nullable(),
  amountCLP: z.number().nullable(),
  /** yyyy-mm-dd */
  date: z.string().nullable(),
  description: z.string().nullable(),
  /** Category key of the company's catalog (alimentacion, transporte, hospedaje, combustible, materiales, factura, otros). */
  category: z.string().nullable(),
  /** efectivo | tarjeta_credito | tarjeta_debito | transferencia */
  paymentMethod: z.string().nullable(),
  address: z.string().nullable(),
  documentType: z.enum(['boleta', 'factura', 'recibo', 'ticket']),
  /** Folio or invoice number. */
  invoiceNumber: z.string().nullable(),
  /** Issuer tax id: Chilean RUT normalised 76123456-7, or a foreign id as written. */
  taxId: z.string().nullable(),
  issuerName: z.string().nullable(),
  netAmount: z.number().nullable(),
  taxAmount: z.number().nullable(),
  /** 0..1; low when key fields were guessed, at most 0.7 when the photo's print is too small (smallPrint). */
  confidence: z.number().min(0).max(1),
  /** Where each field came from. */
  sources: z.partialRecord(z.string(), z.enum(FIELD_SOURCES)),
  /** Per filled field (amount, currency, date, documentType, taxId…): how far it can be trusted. Absent in older results. */
  fieldConfidence: z.partialRecord(z.string(), z.enum(FIELD_CONFIDENCE_LEVELS)).optional(),
  timbre: timbreSummarySchema.nullable(),
  flags: z.array(receiptFlagSchema),
  /**
   * The photo's print is so small that its reading is often wrong or blank (its pieces of text are under the server's
   * SMALL_PRINT_PX, receipts/pipeline.ts): the form asks for a closer photo. Absent in older results and for PDFs.
   */
  smallPrint: z.boolean().optional(),
  /** How the file was read: 'pdf-text', 'pdf-scan', 'image'; '+model' when the vision model helped. */
  method: z.string(),
  /** Milliseconds the reading took on the server. */
  elapsedMs: z.number(),
});
export type ReceiptAnalysisResult = z.infer<typeof receiptAnalysisSchema>;
