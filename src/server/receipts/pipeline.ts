import { DEFAULT_RATES, toClp, type Currency } from '@shared/expenses.js';
import { SII_DOCUMENT_TYPES, type ReceiptAnalysisResult, type ReceiptFlag } from '@shared/receipts.js';
import { formatCLP } from '@shared/format.js';
import { sniffReceiptType } from '../storage/receipts.js';
import { findPdf417, locatePdf417, type FoundBarcode } from './barcode.js';
import { ReadFailure } from './errors.js';
import { estimateSkew, imageWidth, ocrView, prepareImage, shrunkView, type Rotation, type WorkingImage } from './image.js';
import type { OcrEngine, OcrResult } from './ocr.js';
import { mergeReadings, parseReceiptText, type ParsedReceipt } from './parser.js';
import { openPdf } from './pdf.js';
import { parseTed, summarizeTed, type Ted } from './ted.js';

const IVA_RATE = 0.19;
/** A text layer that mentions the timbre but holds no raster image of it: render the page to find a vector-drawn code. */
const MENTIONS_TIMBRE = /timbre\s+electr|verifique\s+(este\s+)?documento|res(oluci[oó]n)?\.?\s*(ex\.?\s*)?(n[°º.]?\s*)?\d+\s+de\s+\d{4}/i;


/**
 * Reads one receipt file: PDF text layer or OCR, the SII timbre when there is one, then the text parser; the timbre's
 * signed fields win over anything printed. Runs inside a reader worker thread (see reader.ts). Duplicate checks
 * need the database and happen in the service.
 */
export async function readReceipt(bytes: Buffer, ocr: OcrEngine): Promise<ReceiptAnalysisResult> {
  const started = performance.now();
  if (!bytes.length) throw new ReadFailure('empty');
  const type = sniffReceiptType(bytes);
  if (!type) throw new ReadFailure('unsupported');
  const reading = type === 'application/pdf' ? await readPdf(bytes, ocr) : await readImage(bytes, ocr, 'image');
  return analyzeReading(reading, started);
}

/** What was read from the file before parsing: the text (PDF layer or OCR), the timbre's bytes, how it was read. */
export interface Reading {
  text: string;
  /** The OCR's second recogniser's reading of the same pieces, when there is one. */
  secondText?: string;
  source: 'text' | 'ocr';
  barcode: Pick<FoundBarcode, 'bytes'> | null;
  method: string;
  /** Readings of smaller copies of the page, taken when the date or the issuer's RUT was not read (see smallerLooks). */
  smallerLooks?: TextPair[];
  /** A photo's: the middle height of its pieces of text, in pixels of the picture (after the crop to the paper). */
  textHeight?: number;
}

/** One reading of a page: the first recogniser's text and, when there is one, the second's. */
type TextPair = Pick<Reading, 'text' | 'secondText'>;

/** The texts of one recognition: the first recogniser's, and the second's when it read one. */
function textsOf(r: OcrResult): TextPair {
  return { text: r.text, ...(r.secondText ? { secondText: r.secondText } : {}) };
}

function parseReading(r: TextPair, source: Reading['source']): ParsedReceipt {
  return r.secondText ? mergeReadings(parseReceiptText(r.text, { source }), parseReceiptText(r.secondText, { source })) : parseReceiptText(r.text, { source });
}

/** Reads a file's text and timbre without parsing them (the bench caches this to replay parser changes). */
export async function readDocument(bytes: Buffer, ocr: OcrEngine): Promise<Reading> {
  if (!bytes.length) throw new ReadFailure('empty');
  const type = sniffReceiptType(bytes);
  if (!type) throw new ReadFailure('unsupported');
  return type === 'application/pdf' ? await readPdf(bytes, ocr) : await readImage(bytes, ocr, 'image');
}

/** Parses a reading into the analysis result; the timbre's signed fields win over anything printed. */
export function analyzeReading(reading: Reading, started: number): ReceiptAnalysisResult {
  const ted = reading.barcode ? parseTed(reading.barcode.bytes) : null;
  // A photo read blank is most often too small, blurred or dark: another photo may read; a scanned PDF says only that.
  if (!ted && !reading.text.replace(/\s+/g, '')) throw new ReadFailure(reading.method === 'image' ? 'unreadable_photo' : 'unreadable');
  const parsed = fillFromSmallerLooks(parseReading(reading, reading.source), reading);
  const result = present(parsed, ted, reading.method, Math.round(performance.now() - started));
  // A verified timbre's fields are the document's own: small print then costs nothing worth a second photo.
  if (reading.method === 'image' && reading.textHeight !== undefined && !result.timbre?.signatureValid) {
    result.smallPrint = reading.textHeight < SMALL_PRINT_PX;
    if (result.smallPrint) result.confidence = Math.min(result.confidence, SMALL_PRINT_CONFIDENCE);
  }
  return result;
}

/**
 * A photo whose pieces of text are under this height in its own pixels (the detector's box around a piece, about the
 * type's size: 18.5 px for 22 px type) is read wrong or blank too often to trust. On the nine development seeds' 648
 * pictures, the 8 % under it held 29 of the 42 key fields (amount, date, RUT, document type) wrong or blank (bench
 * README, session 41); on four unseen seeds, 11 of the 23 photos it marked had one, against 12 of the 265 others. The
 * form asks for a closer photo. Clean print that small still reads; blurred or compressed print does not.
 */
export const SMALL_PRINT_PX = 13;
/**
 * The most a reading of such a photo is trusted as a whole: of the development seeds' photos marked, 73 % had every key
 * field right (52 % on four unseen seeds), so the form says 'Media' beside the notice, never 'Alta'.
 */
export const SMALL_PRINT_CONFIDENCE = 0.7;

/** Key fields a second look may find: the date, and a peso document's RUT when the page prints one ('R.U.T.', 'RUT'). */
type LookedFor = 'date' | 'taxId';
const RUT_LABEL = /\bR\.?\s?U\.?\s?T(?![A-Z])/i;

function missingKeyFields(parsed: ParsedReceipt, reading: TextPair): LookedFor[] {
  const wanted: LookedFor[] = [];
  if (parsed.date === null) wanted.push('date');
  if (parsed.taxId === null && parsed.currency === 'CLP' && RUT_LABEL.test(`${reading.text}\n${reading.secondText ?? ''}`)) wanted.push('taxId');
  return wanted;
}

/**
 * Smaller copies of the page are read when the date or the RUT was not: blurred or low-resolution print often reads
 * better shrunk (the detector finds its lines, the recogniser its digits). A field is filled only where every look read
 * the same value: on the development seeds one look at 0.75 filled 3 dates and 3 RUTs right and 1 of each wrong;
 * with a second at 0.6 agreeing, 3 dates and a RUT right and none wrong (bench README, session 38). The second look is
 * skipped when the first found none of the missing fields.
 */
const SMALLER_LOOKS = [0.75, 0.6];

async function smallerLooks(view: Buffer, ocr: OcrEngine, reading: TextPair): Promise<TextPair[]> {
  const wanted = missingKeyFields(parseReading(reading, 'ocr'), reading);
  const looks: TextPair[] = [];
  if (!wanted.length) return looks;
  for (const scale of SMALLER_LOOKS) {
    const look = textsOf(await ocr.recognize(await shrunkView(view, scale)));
    looks.push(look);
    const parsed = parseReading(look, 'ocr');
    if (!wanted.some((f) => parsed[f] !== null)) break;
  }
  return looks;
}

/** The missing date or RUT, where every smaller look read the same one; to review ('medium'), never sure. */
function fillFromSmallerLooks(parsed: ParsedReceipt, reading: Reading): ParsedReceipt {
  const looks = reading.smallerLooks ?? [];
  if (looks.length < SMALLER_LOOKS.length) return parsed;
  const wanted = missingKeyFields(parsed, reading);
  if (!wanted.length) return parsed;
  const read = looks.map((l) => parseReading(l, 'ocr'));
  const filled: ParsedReceipt = { ...parsed, sources: { ...parsed.sources }, fieldConfidence: { ...parsed.fieldConfidence } };
  for (const field of wanted) {
    const values = new Set(read.map((r) => r[field]));
    const [value] = values;
    if (values.size !== 1 || value === null || value === undefined) continue;
    filled[field] = value;
    filled.sources[field] = 'ocr';
    filled.fieldConfidence[field] = 'medium';
  }
  return filled;
}

async function readPdf(bytes: Buffer, ocr: OcrEngine): Promise<Reading> {
  const pdf = await openPdf(bytes);
  try {
    if (!pdf.hasTextLayer) {
      const [page] = await pdf.render(1);
      if (!page) throw new ReadFailure('unreadable');
      return await readImage(page, ocr, 'pdf-scan');
    }
    let barcode: FoundBarcode | null = null;
    for (const image of await pdf.images()) {
      barcode = await findPdf417(await prepareImage(image)).catch(() => null);
      if (barcode) break;
    }
    if (!barcode && MENTIONS_TIMBRE.test(pdf.text)) {
      const [page] = await pdf.render(1);
      if (page) barcode = await findPdf417(await prepareImage(page));
    }
    return { text: pdf.text, source: 'text', barcode, method: 'pdf-text' };
  } finally {
    await pdf.close().catch(() => undefined);
  }
}

/** OCR found little that it trusts: the page is probably sideways or upside down. */
function looksUnread(r: OcrResult): boolean {
  return r.solidWords < 6 || r.confidence < 55;
}

/** Longest side of the page handed to OCR: ~25 px capitals on a photographed receipt, twice as fast as full size. RECEIPTS_OCR_SIDE changes it to measure. */
const OCR_SIDE = Number(process.env.RECEIPTS_OCR_SIDE) || 1600;
/** Straighten tilted photos before OCR (projection profile): off by default, since on the generated photos (±3°) it cost more than it gave (folio 100 → 87.5 %, amount 100 → 96 %); RECEIPTS_DESKEW=1 turns it on to measure. */
const DESKEW = process.env.RECEIPTS_DESKEW === '1';
/** A quick look at a small copy, to tell which way is up. */
const PROBE_SIDE = 700;

async function readImage(bytes: Buffer, ocr: OcrEngine, method: string): Promise<Reading> {
  const image = await prepareImage(bytes);
  const barcode = await findPdf417(image);
  // The timbre tells which way is up. Without it a portrait picture is most likely upright (other turns are tried only
  // when the reading fails); a landscape one may be a receipt turned a quarter, or an upright one on a wide table.
  let rotation: Rotation = barcode?.uprightRotation ?? 0;
  if (!barcode && image.width > image.height * 1.15) rotation = await landscapeTurn(image, ocr);
  const mask = barcode ? await locatePdf417(image, rotation) : null;
  let skew = DESKEW ? await estimateSkew(image, rotation).catch(() => 0) : 0;
  let view = await ocrView(image, rotation, OCR_SIDE, mask, skew);
  let result = await ocr.recognize(view);
  if (!barcode && looksUnread(result)) {
    const others = ([0, 180, 90, 270] as Rotation[]).filter((r) => r !== rotation);
    const best = await bestTurn(image, ocr, others);
    if (best.solidWords > result.solidWords * 1.3 + 2) {
      rotation = best.rotation;
      skew = DESKEW ? await estimateSkew(image, rotation).catch(() => 0) : 0;
      view = await ocrView(image, rotation, OCR_SIDE, null, skew);
      result = await ocr.recognize(view);
    }
  }
  const reading: Reading = { ...textsOf(result), source: 'ocr', barcode, method };
  if (result.pieceHeight) {
    const upright = rotation % 180 ? image.height : image.width;
    reading.textHeight = Math.round((10 * result.pieceHeight * upright) / ((await imageWidth(view)) || upright)) / 10;
  }
  // The timbre gives the date and the RUT; without it, a page read blank is not looked at again.
  if (!barcode && result.text.trim()) {
    const looks = await smallerLooks(view, ocr, reading);
    if (looks.length) reading.smallerLooks = looks;
  }
  return reading;
}

/**
 * Which way to turn a landscape picture. The shapes of the pieces of text on a small copy tell whether its lines run
 * across (upright; upside down is caught by the reading that follows) or along it (a quarter turn, either way: a quick
 * reading tells which), at a tenth of the cost of a reading; when they don't tell, quick readings in each turn do.
 */
async function landscapeTurn(image: WorkingImage, ocr: OcrEngine): Promise<Rotation> {
  const direction = ocr.textDirection ? await ocr.textDirection(await ocrView(image, 0, PROBE_SIDE)) : null;
  if (direction === 'across') return 0;
  return (await bestTurn(image, ocr, direction === 'along' ? [90, 270] : [0, 90, 270])).rotation;
}

/** Reads a small copy in each turn (stopping at the first clear reading) and answers the clearest. */
async function bestTurn(image: WorkingImage, ocr: OcrEngine, turns: Rotation[]): Promise<{ rotation: Rotation; solidWords: number }> {
  let best = { rotation: turns[0], solidWords: -1 };
  for (const rotation of turns) {
    const probe = await ocr.recognize(await ocrView(image, rotation, PROBE_SIDE), { quick: true });
    if (probe.solidWords > best.solidWords) best = { rotation, solidWords: probe.solidWords };
    if (!looksUnread(probe)) break;
  }
  return best;
}

function present(parsed: ParsedReceipt, ted: Ted | null, method: string, elapsedMs: number): ReceiptAnalysisResult {
  const sources: ReceiptAnalysisResult['sources'] = { ...parsed.sources };
  const fieldConfidence: NonNullable<ReceiptAnalysisResult['fieldConfidence']> = { ...parsed.fieldConfidence };
  const flags: ReceiptFlag[] = [];
  let { amount, currency, date, documentType, invoiceNumber, taxId, netAmount, taxAmount, confidence, description } = parsed;
  const timbre = ted ? summarizeTed(ted) : null;
  if (ted && timbre) {
    // The printed total is compared before the timbre replaces it: a mismatch is what an admin must see.
    if (amount !== null && sources.amount !== 'guess' && currency === 'CLP' && Math.round(amount) !== ted.total) {
      flags.push({
        code: 'timbre_total_mismatch',
        message: `El total impreso (${formatCLP(amount)}) no coincide con el del timbre SII (${formatCLP(ted.total)}).`,
      });
    }
    if (!timbre.signatureValid) {
      flags.push({ code: 'timbre_invalid', message: `El timbre electrónico no es válido: ${timbre.problem ?? 'la firma no corresponde.'}` });
    }
    amount = ted.total;
    currency = 'CLP';
    date = ted.date;
    taxId = ted.issuerRut;
    invoiceNumber = ted.folio;
    documentType = SII_DOCUMENT_TYPES[ted.documentTypeCode]?.documentType ?? documentType;
    for (const f of ['amount', 'currency', 'date', 'taxId', 'invoiceNumber', 'documentType'] as const) {
      sources[f] = 'timbre';
      // A verified timbre is the document's signed data; a broken one is not to be trusted.
      fieldConfidence[f] = timbre.signatureValid ? 'high' : 'low';
    }
    if (!description && ted.firstItem) {
      description = ted.firstItem;
      sources.description = 'timbre';
    }
    const exempt = ted.documentTypeCode === 34 || ted.documentTypeCode === 41 || ted.documentTypeCode === 32 || ted.documentTypeCode === 38;
    const netAndTaxAgree = netAmount !== null && taxAmount !== null && Math.abs(netAmount + taxAmount - ted.total) <= 2;
    if (documentType === 'factura' && !netAndTaxAgree) {
      netAmount = exempt ? ted.total : Math.round(ted.total / (1 + IVA_RATE));
      taxAmount = ted.total - netAmount;
      sources.netAmount = 'guess';
      sources.taxAmount = 'guess';
    }
    // A verified timbre is the document's own signed truth; a broken one makes everything on it doubtful.
    confidence = timbre.signatureValid ? Math.max(0.95, confidence) : Math.min(0.4, confidence);
  }
  const rate = currency === 'CLP' ? 1 : DEFAULT_RATES[currency as Currency] ?? null;
  return {
    amount,
    currency,
    exchangeRate: rate,
    amountCLP: amount !== null && rate !== null ? toClp(amount, rate) : null,
    date,
    description,
    // The expense form files every factura under the 'Factura' category (part 1 §4): answer what it will hold.
    category: documentType === 'factura' ? 'factura' : parsed.category,
    paymentMethod: parsed.paymentMethod,
    address: parsed.address,
    documentType,
    invoiceNumber,
    taxId,
    issuerName: parsed.issuerName,
    netAmount,
    taxAmount,
    confidence: Math.round(confidence * 100) / 100,
    sources,
    fieldConfidence,
    timbre,
    flags,
    method,
    elapsedMs,
  };
}
