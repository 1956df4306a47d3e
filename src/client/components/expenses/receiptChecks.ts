import { RECEIPT_FLAG_CODES, siiDocumentLabel, type FieldSource, type ReceiptFlag, type TimbreSummary } from '@shared/receipts';
import { formatCLP } from '@shared/format';
import { formatRut } from '@shared/rut';

/**
 * Pure helpers behind <ReceiptChecks>: what reading the receipt found (confidence, SII timbre, flags)
 * turned into the Spanish words shown on the new-expense form, the approval card and the detail dialog.
 * Everything here tolerates old or partial data (undefined flags, a timbre without a label).
 */

export type ConfidenceLevel = 'alta' | 'media' | 'baja';

export const CONFIDENCE_LABELS: Record<ConfidenceLevel, string> = { alta: 'Alta', media: 'Media', baja: 'Baja' };

/** Alta from 80 %, Media from 50 %, Baja below. */
export function confidenceLevel(percent: number): ConfidenceLevel {
  if (percent >= 80) return 'alta';
  if (percent >= 50) return 'media';
  return 'baja';
}

export const LOW_CONFIDENCE_ADVICE = 'Revisa los datos con atención';
export const TIMBRE_VALID_TEXT = 'Timbre SII verificado';
export const TIMBRE_INVALID_TEXT = 'Timbre SII no válido';
export const TIMBRE_FIELD_HINT = 'Timbre SII';

/** 'Confianza: 87% · Alta'. */
export function confidenceText(percent: number): string {
  return `Confianza: ${percent}% · ${CONFIDENCE_LABELS[confidenceLevel(percent)]}`;
}

const CODES = new Set<string>(RECEIPT_FLAG_CODES);

/** The flags of an answer or an expense; anything malformed (or old data without flags) is dropped. */
export function normalizeFlags(value: unknown): ReceiptFlag[] {
  if (!Array.isArray(value)) return [];
  const out: ReceiptFlag[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const f = item as Record<string, unknown>;
    const message = typeof f.message === 'string' ? f.message.trim() : '';
    if (typeof f.code !== 'string' || !CODES.has(f.code) || !message) continue;
    const flag: ReceiptFlag = { code: f.code as ReceiptFlag['code'], message };
    const n = Number(f.expenseNumber);
    if (f.expenseNumber !== null && f.expenseNumber !== undefined && Number.isInteger(n) && n > 0) flag.expenseNumber = n;
    if (typeof f.expenseId === 'string' && f.expenseId) flag.expenseId = f.expenseId;
    out.push(flag);
  }
  return out;
}

/** The timbre of an answer or an expense, or null when there is none (or it is unreadable). */
export function normalizeTimbre(value: unknown): TimbreSummary | null {
  if (!value || typeof value !== 'object') return null;
  const t = value as Record<string, unknown>;
  if (typeof t.signatureValid !== 'boolean') return null;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const code = Number(t.documentTypeCode);
  const total = Number(t.total);
  return {
    issuerRut: str(t.issuerRut) ?? '',
    documentTypeCode: Number.isFinite(code) ? code : 0,
    documentTypeLabel: str(t.documentTypeLabel) ?? (Number.isFinite(code) && code > 0 ? siiDocumentLabel(code) : ''),
    folio: t.folio === null || t.folio === undefined ? '' : String(t.folio).trim(),
    date: str(t.date) ?? '',
    total: Number.isFinite(total) ? total : 0,
    receiverRut: str(t.receiverRut),
    receiverName: str(t.receiverName),
    firstItem: str(t.firstItem),
    signatureValid: t.signatureValid,
    problem: str(t.problem),
  };
}

/** 'Factura Electrónica N° 375 · RUT 44.300.251-0 · $2.890.260'; parts that are missing are left out. */
export function timbreDetails(timbre: TimbreSummary): string {
  const doc = [timbre.documentTypeLabel, timbre.folio ? `N° ${timbre.folio}` : ''].filter(Boolean).join(' ');
  const parts = [doc, timbre.issuerRut ? `RUT ${formatRut(timbre.issuerRut)}` : '', timbre.total > 0 ? formatCLP(timbre.total) : ''];
  return parts.filter(Boolean).join(' · ');
}

/** The reason shown under 'Timbre SII no válido'. */
export function timbreProblem(timbre: TimbreSummary, flags: readonly ReceiptFlag[] = []): string {
  return timbre.problem ?? flags.find((f) => f.code === 'timbre_invalid')?.message ?? 'La firma del timbre electrónico no se pudo verificar.';
}

/**
 * The flags to list as warnings. With an invalid timbre on screen its own block already says so,
 * so a 'timbre_invalid' flag would repeat it.
 */
export function visibleFlags(flags: readonly ReceiptFlag[], timbre: TimbreSummary | null): ReceiptFlag[] {
  const timbreShownInvalid = !!timbre && !timbre.signatureValid;
  return flags.filter((f) => !(timbreShownInvalid && f.code === 'timbre_invalid'));
}

export function isDuplicateFlag(flag: ReceiptFlag): boolean {
  return flag.code === 'duplicate_document' || flag.code === 'duplicate_file';
}

/** 'Rendición N° 12' for a duplicate that names the expense already filed, unless the message already says it. */
export function flagReference(flag: ReceiptFlag): string | null {
  if (!flag.expenseNumber) return null;
  const n = flag.expenseNumber;
  if (new RegExp(`(#|N°\\s*)${n}(?!\\d)`).test(flag.message)) return null;
  return `Rendición N° ${n}`;
}

/** How many warnings the user sees: the listed flags plus an invalid timbre. */
export function warningCount(flags: readonly ReceiptFlag[], timbre: TimbreSummary | null): number {
  return visibleFlags(flags, timbre).length + (timbre && !timbre.signatureValid ? 1 : 0);
}

/** Said on the new-expense form under the warnings: saving is still allowed. */
export function saveAnywayText(count: number): string {
  return count > 1 ? 'Puedes guardar igual; el administrador verá estas advertencias.' : 'Puedes guardar igual; el administrador verá esta advertencia.';
}

function sentence(message: string): string {
  const m = message.trim();
  return /[.!?]$/.test(m) ? m : `${m}.`;
}

export const CREATED_TOAST_DESCRIPTION = 'Tu rendición ha sido enviada para aprobación.';

/**
 * The 'Rendición Creada' toast's description: the usual sentence, plus the flags the server found
 * (one toast is shown at a time, so a second warning toast would hide the first).
 */
export function createdToastDescription(answer: { receiptFlags?: unknown; timbre?: unknown; data?: unknown } | null | undefined): string {
  // The answer is the ExpenseView itself; a `{ data }` wrapper is tolerated.
  const inner = answer?.data && typeof answer.data === 'object' ? (answer.data as { receiptFlags?: unknown; timbre?: unknown }) : null;
  const saved = answer && answer.receiptFlags === undefined && inner ? inner : answer;
  const timbre = normalizeTimbre(saved?.timbre);
  const flags = normalizeFlags(saved?.receiptFlags);
  const messages = visibleFlags(flags, timbre).map((f) => sentence(f.message));
  if (timbre && !timbre.signatureValid) messages.unshift(sentence(`${TIMBRE_INVALID_TEXT}: ${timbreProblem(timbre, flags)}`));
  if (!flags.length || !messages.length) return CREATED_TOAST_DESCRIPTION;
  return `${CREATED_TOAST_DESCRIPTION} Advertencia: ${messages.join(' ')}`;
}

/** The label of the warning icon on a list row: 'Advertencias del comprobante: ...'. */
export function flagsLabel(flags: readonly ReceiptFlag[]): string {
  return `Advertencias del comprobante: ${flags.map((f) => sentence(f.message)).join(' ')}`;
}

/** Form fields whose analysed value came from the SII timbre. */
export function timbreSourcedFields(sources: unknown): string[] {
  if (!sources || typeof sources !== 'object') return [];
  return Object.entries(sources as Record<string, unknown>)
    .filter(([, source]) => (source as FieldSource) === 'timbre')
    .map(([field]) => field);
}
