/** What each corpus file really says: the printed document (or its timbre), never what a reader made of it. */

export const KINDS = ['boleta-image', 'factura-pdf', 'factura-scan', 'photo', 'foreign', 'hard'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  'boleta-image': 'boleta imagen',
  'factura-pdf': 'factura PDF texto',
  'factura-scan': 'factura PDF escaneada',
  photo: 'foto',
  foreign: 'extranjera',
  hard: 'casos difíciles',
};

export type Category = 'alimentacion' | 'transporte' | 'hospedaje' | 'combustible' | 'materiales' | 'factura' | 'otros';
export type DocType = 'boleta' | 'factura' | 'recibo' | 'ticket';

/**
 * What the scorer needs from any set's truth (generated, real, evaluation): amount, currency and date always; the
 * other fields only where that set's truth knows them (undefined: not scored).
 */
export interface ScoredTruth {
  file: string;
  kind: string;
  amount: number;
  currency: string;
  date: string;
  /** null or undefined: the paper names no type, not scored. */
  documentType?: DocType | null;
  /** null: the document prints no issuer id, so the reader should return none. undefined: not scored. */
  taxId?: string | null;
  folio?: string | null;
  category?: Category | null;
  /** Merchant as printed (real set): compared with the reader's issuerName, loosely (see README). */
  merchant?: string;
  hasTimbre?: boolean;
  timbreLegible?: boolean;
  printedTotalMismatch?: boolean;
  tags?: string[];
}

export interface TruthEntry {
  /** Path relative to the corpus directory. */
  file: string;
  kind: Kind;
  /** The document's total (CLP: whole pesos; others: up to 2 decimals). With a timbre, its MNT. */
  amount: number;
  currency: string;
  /** yyyy-mm-dd, the emission date. */
  date: string;
  documentType: DocType;
  /** Chilean RUT normalised (76123456-7), a foreign id as printed, or null. */
  taxId: string | null;
  /** SII folio / printed document number; null when the document has none (or for foreign numbering schemes). */
  folio: string | null;
  /** 'factura' for every factura (the expense form requires it); otherwise what the merchant sells. */
  category: Category;
  hasTimbre: boolean;
  /** false only where the barcode was damaged on purpose beyond reading (cropped, smeared). */
  timbreLegible: boolean;
  /** The timbre's MNT differs from the printed TOTAL; `amount` is the timbre's. */
  printedTotalMismatch?: boolean;
  /** Issuer as printed (for humans reading misses). */
  issuer: string;
  /** What makes this file interesting (layout variant, degradations). */
  tags: string[];
}
