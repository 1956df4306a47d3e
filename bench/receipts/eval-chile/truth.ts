/** Truth of the independent Chilean evaluation set: what the printed (or handwritten) document says. */
import type { Category, DocType } from '../truth.js';

export const EVAL_KINDS = [
  'peaje',
  'estacionamiento',
  'recibo-talonario',
  'taxi-manuscrito',
  'app-viaje',
  'hotel-folio',
  'pre-cuenta',
  'nfce-brasil',
  'factura-escaneada',
  'foto-400px',
  'boleta',
  'factura-termica',
] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

export interface EvalTruth {
  file: string;
  kind: EvalKind;
  /** The amount owed for what was bought: without suggested tips; a hotel folio's charges, not its $0 balance. */
  amount: number;
  currency: string;
  /** yyyy-mm-dd: issue date (exit of a car park, check-out of a hotel), never entry, check-in or due dates. */
  date: string;
  /** As printed; null where the paper names none of boleta/factura/recibo/ticket (pre-cuentas, hotel folios): not scored. */
  documentType: DocType | null;
  /** Issuer's RUT normalised (never the receptor's), a CNPJ as printed, or null when none is printed. */
  taxId: string | null;
  /** Printed document number (red receipt-book number, ticket or SII folio); null: not scored. */
  folio: string | null;
  category: Category;
  issuer: string;
  tags: string[];
}

/** What a document builder knows before it is photographed. */
export type DocTruth = Omit<EvalTruth, 'file' | 'kind' | 'tags'> & { tags?: string[] };
