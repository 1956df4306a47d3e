import { createHash } from 'node:crypto';
import { and, asc, eq, lt, ne, or, type SQL } from 'drizzle-orm';
import { DEFAULT_RATES, DOCUMENT_TYPE_LABELS, type Currency, type DocumentType } from '@shared/expenses.js';
import { formatDate } from '@shared/format.js';
import type { ReceiptAnalysisResult, ReceiptFlag, TimbreSummary } from '@shared/receipts.js';
import { formatRut, isValidRut, normalizeRut } from '@shared/rut.js';
import type { DbOrTx } from '../db/client.js';
import { expenses } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { READ_FAILURES, ReadFailure } from './errors.js';
import { mergeModelAnswer, readWithModel, type VisionModelConfig } from './model.js';
import { ReceiptReader } from './reader.js';
import type { Env } from '../env.js';

export interface ReceiptFile {
  data: Buffer;
  mime: string;
}

/** What is stored with an expense about its receipt. */
export interface ReceiptChecks {
  receiptSha256: string | null;
  documentKey: string | null;
  receiptTimbre: TimbreSummary | null;
  receiptFlags: ReceiptFlag[];
}

export function fileSha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The identity of a tax document: issuer RUT + document type + folio. Only for a valid Chilean RUT and a numeric
 * folio, so that free-text invoice numbers of foreign receipts never collide by accident.
 */
export function documentKeyOf(doc: { taxId: string | null; documentType: string | null; invoiceNumber: string | null }): string | null {
  if (!doc.taxId || !doc.invoiceNumber || !doc.documentType || !isValidRut(doc.taxId)) return null;
  const folio = doc.invoiceNumber.replace(/\D/g, '').replace(/^0+/, '');
  if (!folio || folio.length > 18) return null;
  return `${normalizeRut(doc.taxId)}|${doc.documentType}|${folio}`;
}

const CACHE_TTL_MS = 30 * 60_000;
const CACHE_SIZE = 500;

/**
 * Receipt reading for the API: the local reader (worker threads), the optional vision model, and a short-lived cache
 * per company and file hash so that saving an expense right after analysing its receipt does not read it twice.
 */
export class ReceiptAnalyzer {
  private readonly cache = new Map<string, { at: number; result: ReceiptAnalysisResult }>();

  constructor(
    private readonly reader: ReceiptReader,
    private readonly model: VisionModelConfig | null = null,
  ) {}

  cached(companyId: string, sha256: string): ReceiptAnalysisResult | null {
    const key = `${companyId}:${sha256}`;
    const hit = this.cache.get(key);
    if (!hit || Date.now() - hit.at > CACHE_TTL_MS) {
      this.cache.delete(key);
      return null;
    }
    return hit.result;
  }

  /** Reads a receipt (timbre flags included, duplicates not); failures are AppErrors with a Spanish message. */
  async read(companyId: string, file: ReceiptFile, sha256 = fileSha256(file.data)): Promise<ReceiptAnalysisResult> {
    const hit = this.cached(companyId, sha256);
    if (hit) return hit;
    let result: ReceiptAnalysisResult;
    try {
      result = await this.reader.analyze(file.data);
    } catch (err) {
      if (err instanceof ReadFailure) throw new AppError(`receipt_${err.code}`, READ_FAILURES[err.code].status, err.message);
      throw err;
    }
    if (this.model && file.mime.startsWith('image/')) {
      const answer = await readWithModel(this.model, file.data, file.mime);
      if (answer) result = mergeModelAnswer(result, answer, (c) => DEFAULT_RATES[c as Currency] ?? null);
    }
    this.cache.set(`${companyId}:${sha256}`, { at: Date.now(), result });
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return result;
  }

  warm(): Promise<void> {
    return this.reader.ready();
  }

  /** Reader threads alive now (0 before the first receipt and after a quiet RECEIPT_IDLE_MS). */
  get threads(): number {
    return this.reader.threads;
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}

export function createReceiptAnalyzer(env: Env): ReceiptAnalyzer {
  const reader = new ReceiptReader({ workers: env.RECEIPT_WORKERS, timeoutMs: env.RECEIPT_TIMEOUT_MS, idleTimeoutMs: env.RECEIPT_IDLE_MS });
  const model = env.OPENAI_BASE_URL && env.OPENAI_VISION_MODEL ? { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_VISION_MODEL } : null;
  return new ReceiptAnalyzer(reader, model);
}


/**
 * Expenses already filed in the company with the same file or the same tax document. Rejected ones do not count
 * (they were never paid); with `before`, only expenses filed earlier than that one, so each pair is flagged once.
 */
export async function findDuplicates(
  db: DbOrTx,
  companyId: string,
  probe: { sha256: string | null; documentKey: string | null; exclude?: { id: string; expenseNumber: number } },
): Promise<ReceiptFlag[]> {
  const match: SQL[] = [];
  if (probe.sha256) match.push(eq(expenses.receiptSha256, probe.sha256));
  if (probe.documentKey) match.push(eq(expenses.documentKey, probe.documentKey));
  if (!match.length) return [];
  const where = [eq(expenses.companyId, companyId), ne(expenses.status, 'rejected'), or(...match)!];
  if (probe.exclude) where.push(ne(expenses.id, probe.exclude.id), lt(expenses.expenseNumber, probe.exclude.expenseNumber));
  const rows = await db
    .select({ id: expenses.id, expenseNumber: expenses.expenseNumber, date: expenses.date, sha: expenses.receiptSha256, key: expenses.documentKey })
    .from(expenses)
    .where(and(...where))
    .orderBy(asc(expenses.expenseNumber))
    .limit(5);
  const flags: ReceiptFlag[] = [];
  const sameFile = rows.find((r) => probe.sha256 && r.sha === probe.sha256);
  if (sameFile) {
    flags.push({
      code: 'duplicate_file',
      message: `Este mismo archivo ya se rindió en la rendición N° ${sameFile.expenseNumber} del ${formatDate(sameFile.date)}.`,
      expenseNumber: sameFile.expenseNumber,
      expenseId: sameFile.id,
    });
  }
  const sameDocument = rows.find((r) => probe.documentKey && r.key === probe.documentKey && r.id !== sameFile?.id);
  if (sameDocument && probe.documentKey) {
    const [rut, type, folio] = probe.documentKey.split('|');
    const label = DOCUMENT_TYPE_LABELS[type as DocumentType] ?? type;
    flags.push({
      code: 'duplicate_document',
      message: `${label} N° ${folio} del RUT ${formatRut(rut)} ya se rindió en la rendición N° ${sameDocument.expenseNumber}.`,
      expenseNumber: sameDocument.expenseNumber,
      expenseId: sameDocument.id,
    });
  }
  return flags;
}

/** Timbre flags from the reading plus duplicate flags, for storing with an expense. */
export async function receiptChecks(
  db: DbOrTx,
  companyId: string,
  input: { file: ReceiptFile | null; analysis: ReceiptAnalysisResult | null; fields: { taxId: string | null; documentType: string; invoiceNumber: string | null } },
  exclude?: { id: string; expenseNumber: number },
): Promise<ReceiptChecks> {
  const sha256 = input.file ? fileSha256(input.file.data) : null;
  const timbre = input.analysis?.timbre ?? null;
  // The timbre identifies the document exactly; otherwise what the expense says (RUT, type, number) does.
  const documentKey =
    (timbre && documentKeyOf({ taxId: timbre.issuerRut, documentType: input.analysis!.documentType, invoiceNumber: timbre.folio })) ??
    documentKeyOf(input.fields);
  const readingFlags = (input.analysis?.flags ?? []).filter((f) => f.code === 'timbre_invalid' || f.code === 'timbre_total_mismatch');
  const duplicates = await findDuplicates(db, companyId, { sha256, documentKey, exclude });
  return { receiptSha256: sha256, documentKey, receiptTimbre: timbre, receiptFlags: [...readingFlags, ...duplicates] };
}
