/** Scoring of reader results against a set's truth, and the report tables. Rules: bench/receipts/README.md. */
import type { ReceiptAnalysisResult } from '../../src/shared/receipts.js';
import { normalizeRut } from '../../src/shared/rut.js';
import { KIND_LABELS, type ScoredTruth } from './truth.js';

export const FIELDS = ['amount', 'currency', 'date', 'documentType', 'taxId', 'folio', 'category', 'issuer'] as const;
export type Field = (typeof FIELDS)[number];

export interface FileRun {
  truth: ScoredTruth;
  result: ReceiptAnalysisResult | null;
  /** ReadFailure code or message when analyze() threw. */
  error: string | null;
  /** performance.now() around analyze(). */
  wallMs: number;
}

export interface FieldCheck {
  field: Field;
  expected: unknown;
  got: unknown;
  ok: boolean;
}

const alnum = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, '');
const CHILEAN_RUT = /^\d{1,8}-[\dK]$/;

/** Exact to the cent: 21.20 vs 21.2 is right, 21.20 vs 21.25 or 2120 is wrong. */
export function sameAmount(expected: number, got: number | null | undefined): boolean {
  return got != null && Number.isFinite(got) && Math.abs(got - expected) < 0.005 + 1e-9;
}

/** Exact ISO day: a day/month swap is a miss, whatever the reader's reason. */
export function sameDate(expected: string, got: string | null | undefined): boolean {
  return got === expected;
}

export function sameCurrency(expected: string, got: string | null | undefined): boolean {
  return !!got && got.toUpperCase() === expected.toUpperCase();
}

export function sameTaxId(expected: string | null, got: string | null): boolean {
  if (expected === null || got === null) return expected === got;
  if (CHILEAN_RUT.test(expected)) return normalizeRut(got) === expected;
  return alnum(expected) === alnum(got); // foreign ids: as printed, punctuation aside
}

export function sameFolio(expected: string, got: string | null): boolean {
  if (got === null) return false;
  const e = alnum(expected);
  const g = alnum(got);
  return e === g || (/^\d+$/.test(e) && /^\d+$/.test(g) && e.replace(/^0+/, '') === g.replace(/^0+/, ''));
}

// Legal-form words say nothing about which shop it is; printed names also differ in spacing and punctuation.
const LEGAL_FORMS = /\b(SDN|BHD|BERHAD|ENTERPRISE|TRADING|CO|LTD|LTDA|SPA|S A|SA|EIRL|LIMITADA|PLT)\b/g;

function issuerKey(s: string): string {
  return s
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^0-9A-Z]+/g, ' ')
    .replace(LEGAL_FORMS, ' ')
    .replace(/\s+/g, '');
}

/** The merchant, loosely: same letters once legal forms and punctuation are dropped, or one contains the other (≥ 6 letters). */
export function sameIssuer(expected: string, got: string | null | undefined): boolean {
  if (!got) return false;
  const e = issuerKey(expected);
  const g = issuerKey(got);
  if (!e || !g) return false;
  return e === g || (Math.min(e.length, g.length) >= 6 && (e.includes(g) || g.includes(e)));
}

/** The fields checked for one file: only those the set's truth knows (see ScoredTruth). */
export function checkFields(run: FileRun): FieldCheck[] {
  const t = run.truth;
  const r = run.result;
  const checks: FieldCheck[] = [];
  const add = (field: Field, expected: unknown, got: unknown, ok: boolean) => checks.push({ field, expected, got, ok });
  add('amount', t.amount, r?.amount ?? null, sameAmount(t.amount, r?.amount));
  add('currency', t.currency, r?.currency ?? null, sameCurrency(t.currency, r?.currency));
  add('date', t.date, r?.date ?? null, sameDate(t.date, r?.date));
  if (t.documentType != null) add('documentType', t.documentType, r?.documentType ?? null, r?.documentType === t.documentType);
  if (t.taxId !== undefined) add('taxId', t.taxId, r?.taxId ?? null, !!r && sameTaxId(t.taxId, r.taxId));
  if (t.folio != null) add('folio', t.folio, r?.invoiceNumber ?? null, sameFolio(t.folio, r?.invoiceNumber ?? null));
  if (t.category != null) add('category', t.category, r?.category ?? null, r?.category === t.category);
  if (t.merchant !== undefined) add('issuer', t.merchant, r?.issuerName ?? null, sameIssuer(t.merchant, r?.issuerName));
  return checks;
}

export interface TimbreStats {
  present: number;
  legible: number;
  /** Legible timbres the reader decoded (its timbre's folio matches the document's). */
  decoded: number;
  verified: number;
  /** Decoded where truth says illegible or absent (should not happen). */
  unexpected: number;
  /** Files whose printed total disagrees with the timbre, and how many the reader flagged. */
  mismatches: number;
  mismatchesFlagged: number;
  missed: string[];
}

export function timbreStats(runs: FileRun[]): TimbreStats {
  const s: TimbreStats = { present: 0, legible: 0, decoded: 0, verified: 0, unexpected: 0, mismatches: 0, mismatchesFlagged: 0, missed: [] };
  for (const { truth: t, result: r } of runs) {
    const decoded = !!r?.timbre && (t.folio == null || sameFolio(t.folio, r.timbre.folio));
    if (t.hasTimbre) s.present++;
    if (t.timbreLegible) {
      s.legible++;
      if (decoded) s.decoded++;
      else s.missed.push(t.file);
      if (decoded && r?.timbre?.signatureValid) s.verified++;
    } else if (r?.timbre) s.unexpected++;
    if (t.printedTotalMismatch) {
      s.mismatches++;
      if (r?.flags.some((f) => f.code === 'timbre_total_mismatch')) s.mismatchesFlagged++;
    }
  }
  return s;
}

export function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** How the file is stored, for timing: photos, text PDFs, scanned PDFs and images, screenshots, rendered images. */
export function formatGroup(t: ScoredTruth): 'foto' | 'PDF con texto' | 'PDF escaneado' | 'escaneo' | 'captura' | 'imagen' {
  const tags = t.tags ?? [];
  const pdf = t.file.endsWith('.pdf');
  if (t.kind === 'photo' || tags.includes('foto')) return 'foto';
  if (t.kind === 'factura-scan' || (pdf && tags.includes('escaneado'))) return 'PDF escaneado';
  if (pdf) return 'PDF con texto';
  if (tags.includes('escaneado')) return 'escaneo';
  if (tags.includes('captura')) return 'captura';
  return 'imagen';
}

const pct = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1).padStart(5)}%` : '    —');
const cell = (ok: number, n: number) => (n ? `${pct(ok, n)} ${`${ok}/${n}`.padStart(7)}` : '—'.padStart(14));

/** What a set must reach: per-field minimum rates and time ceilings (issue targets differ per set). */
export interface TargetSpec {
  fields: Array<{ field: Field; min: number }>;
  timbres?: boolean;
  /** Median ceilings per storage group (formatGroup), ms. */
  medianMs?: Partial<Record<ReturnType<typeof formatGroup> | 'total', number>>;
}

/** The issue's key fields (the currency aside, whose target differs). */
export const KEY_FIELDS: readonly Field[] = ['amount', 'date', 'documentType', 'taxId'];

export const GENERATED_TARGETS: TargetSpec = {
  fields: KEY_FIELDS.map((field) => ({ field, min: 0.95 })),
  timbres: true,
  medianMs: { foto: 2000, 'PDF con texto': 300 },
};

export type Tally = Record<Field, { ok: number; n: number }>;

export interface Summary {
  files: number;
  errors: number;
  accuracy: Tally;
  byKind: Record<string, Tally>;
  timbres: TimbreStats;
  timing: Record<string, { n: number; medianMs: number; p95Ms: number }>;
  targets: Array<{ name: string; met: boolean; detail: string }>;
}

function tally(runs: FileRun[]): Tally {
  const acc = Object.fromEntries(FIELDS.map((f) => [f, { ok: 0, n: 0 }])) as Tally;
  for (const run of runs)
    for (const c of checkFields(run)) {
      acc[c.field].n++;
      if (c.ok) acc[c.field].ok++;
    }
  return acc;
}

const kindLabel = (kind: string) => (KIND_LABELS as Record<string, string>)[kind] ?? kind;

export function summarize(runs: FileRun[], spec: TargetSpec = GENERATED_TARGETS): Summary {
  const byKind: Summary['byKind'] = {};
  for (const kind of new Set(runs.map((r) => r.truth.kind))) byKind[kind] = tally(runs.filter((r) => r.truth.kind === kind));
  const timing: Summary['timing'] = {};
  const groups = new Map<string, number[]>([['total', runs.map((r) => r.wallMs)]]);
  for (const r of runs) {
    for (const key of [`tipo:${r.truth.kind}`, `formato:${formatGroup(r.truth)}`]) groups.set(key, [...(groups.get(key) ?? []), r.wallMs]);
  }
  for (const [key, values] of groups) timing[key] = { n: values.length, medianMs: quantile(values, 0.5), p95Ms: quantile(values, 0.95) };
  const accuracy = tally(runs);
  const timbres = timbreStats(runs);
  const rate = (f: Field) => (accuracy[f].n ? accuracy[f].ok / accuracy[f].n : NaN);
  const targets: Summary['targets'] = spec.fields
    .filter(({ field }) => accuracy[field].n > 0)
    .map(({ field, min }) => ({ name: `${field} ≥ ${Math.round(min * 100)} %`, met: rate(field) >= min, detail: pct(accuracy[field].ok, accuracy[field].n).trim() }));
  if (spec.timbres) targets.push({ name: 'todo timbre legible decodificado', met: timbres.decoded === timbres.legible, detail: `${timbres.decoded}/${timbres.legible}` });
  for (const [group, ceiling] of Object.entries(spec.medianMs ?? {})) {
    const t = timing[group === 'total' ? 'total' : `formato:${group}`];
    if (t && ceiling) targets.push({ name: `mediana ${group} < ${ceiling} ms`, met: t.medianMs < ceiling, detail: `${Math.round(t.medianMs)} ms` });
  }
  return { files: runs.length, errors: runs.filter((r) => r.error).length, accuracy, byKind, timbres, timing, targets };
}

const MISS_ORDER: Field[] = ['amount', 'date', 'documentType', 'taxId', 'currency', 'folio', 'category', 'issuer'];

export const FIELD_LABELS: Record<Field, string> = {
  amount: 'monto',
  currency: 'moneda',
  date: 'fecha',
  documentType: 'tipo doc.',
  taxId: 'RUT/ID',
  folio: 'folio',
  category: 'categoría',
  issuer: 'emisor',
};

/** The fields a set scores at all (a column of dashes says nothing). */
export const scoredFields = (acc: Tally) => FIELDS.filter((f) => acc[f].n > 0);

export function formatReport(runs: FileRun[], summary: Summary, maxMisses = 40): string {
  const out: string[] = [];
  const w = 28;
  const fields = scoredFields(summary.accuracy);
  out.push('', `Precisión por campo (${summary.files} archivos, ${summary.errors} con error de lectura)`);
  out.push(`${''.padEnd(w)}${fields.map((f) => FIELD_LABELS[f].padStart(15)).join('')}`);
  for (const [kind, acc] of Object.entries(summary.byKind)) {
    const n = runs.filter((r) => r.truth.kind === kind).length;
    out.push(`${`${kindLabel(kind)} (${n})`.padEnd(w)}${fields.map((f) => cell(acc[f].ok, acc[f].n).padStart(15)).join('')}`);
  }
  out.push(`${'TOTAL'.padEnd(w)}${fields.map((f) => cell(summary.accuracy[f].ok, summary.accuracy[f].n).padStart(15)).join('')}`);

  const t = summary.timbres;
  if (t.present || t.unexpected) {
    out.push('', 'Timbres SII');
    out.push(`  presentes ${t.present}, legibles ${t.legible}, decodificados ${t.decoded}/${t.legible}, firma verificada ${t.verified}/${t.decoded}`);
    out.push(`  total impreso ≠ timbre: ${t.mismatches} archivos, marcados por el lector ${t.mismatchesFlagged}/${t.mismatches}; timbres leídos donde no debía: ${t.unexpected}`);
    if (t.missed.length) out.push(`  no decodificados: ${t.missed.join(', ')}`);
  }

  out.push('', 'Tiempo por archivo (reloj, alrededor de analyze())');
  for (const [key, s] of Object.entries(summary.timing)) {
    const label = key === 'total' ? 'total' : key.startsWith('tipo:') ? kindLabel(key.slice(5)) : key.slice(8);
    out.push(`  ${`${key.startsWith('formato:') ? 'formato ' : ''}${label} (${s.n})`.padEnd(30)} mediana ${String(Math.round(s.medianMs)).padStart(6)} ms   p95 ${String(Math.round(s.p95Ms)).padStart(6)} ms`);
  }

  // Errors first, then the fields that matter most, so the first lines are the ones worth fixing.
  const misses: Array<{ rank: number; line: string }> = [];
  for (const run of runs) {
    if (run.error) misses.push({ rank: -1, line: `  ${run.truth.file.padEnd(44)} ${'ERROR'.padEnd(13)} ${run.error}` });
    else
      for (const c of checkFields(run))
        if (!c.ok) misses.push({ rank: MISS_ORDER.indexOf(c.field), line: `  ${run.truth.file.padEnd(44)} ${c.field.padEnd(13)} esperado ${JSON.stringify(c.expected)}, obtenido ${JSON.stringify(c.got)}` });
  }
  misses.sort((a, b) => a.rank - b.rank);
  out.push('', `Fallos (${misses.length}${misses.length > maxMisses ? `, primeros ${maxMisses}` : ''})`);
  out.push(...misses.slice(0, maxMisses).map((m) => m.line));

  out.push('', 'Objetivos');
  for (const target of summary.targets) out.push(`  ${target.met ? '✓' : '✗'} ${target.name.padEnd(36)} ${target.detail}`);
  const met = summary.targets.filter((x) => x.met).length;
  out.push(`  ${met}/${summary.targets.length} objetivos cumplidos`, '');
  return out.join('\n');
}

/** The analysis result's key for each scored field (fieldConfidence uses the result's field names). */
const CONFIDENCE_KEY: Record<Field, string> = {
  amount: 'amount',
  currency: 'currency',
  date: 'date',
  documentType: 'documentType',
  taxId: 'taxId',
  folio: 'invoiceNumber',
  category: 'category',
  issuer: 'issuerName',
};

export const CONFIDENCE_LEVELS = ['high', 'medium', 'low', 'none'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Per field and per confidence level the reader gave: how many checks, how many right. 'none': no level (field empty). */
export type Calibration = Record<Field, Record<ConfidenceLevel, { n: number; ok: number }>>;

export function calibration(runs: FileRun[]): Calibration {
  const out = Object.fromEntries(FIELDS.map((f) => [f, Object.fromEntries(CONFIDENCE_LEVELS.map((l) => [l, { n: 0, ok: 0 }]))])) as Calibration;
  for (const run of runs) {
    for (const c of checkFields(run)) {
      const level = (run.result?.fieldConfidence?.[CONFIDENCE_KEY[c.field]] ?? 'none') as ConfidenceLevel;
      out[c.field][level].n++;
      if (c.ok) out[c.field][level].ok++;
    }
  }
  return out;
}

/** The calibration table: for each field, how often the values marked high, medium and low were right. */
export function formatCalibration(cal: Calibration): string {
  const names: Record<ConfidenceLevel, string> = { high: 'alta', medium: 'media', low: 'baja', none: 'sin valor' };
  const out = ['', 'Calibración de la confianza por campo (aciertos / casos con ese nivel; objetivo: «alta» ≥ 98 %)'];
  out.push(`${'campo'.padEnd(14)}${CONFIDENCE_LEVELS.map((l) => names[l].padStart(20)).join('')}`);
  for (const f of FIELDS) {
    const row = cal[f];
    if (!CONFIDENCE_LEVELS.some((l) => row[l].n)) continue;
    const cells = CONFIDENCE_LEVELS.map((l) => (row[l].n ? `${pct(row[l].ok, row[l].n).trim()} (${row[l].ok}/${row[l].n})` : '—').padStart(20));
    out.push(`${FIELD_LABELS[f].padEnd(14)}${cells.join('')}`);
  }
  return out.join('\n');
}

/** How well the small-print notice (pipeline.ts SMALL_PRINT_PX) points at the photos whose key fields are wrong or blank. */
export function smallPrintLine(runs: FileRun[]): string | null {
  const photos = runs.filter((r) => r.result?.smallPrint !== undefined);
  if (!photos.length) return null;
  const missed = (r: FileRun) => checkFields(r).some((c) => !c.ok && KEY_FIELDS.includes(c.field));
  const marked = photos.filter((r) => r.result?.smallPrint);
  return `letra pequeña: ${marked.length} de ${photos.length} fotos; ${marked.filter(missed).length} de las ${photos.filter(missed).length} fotos con un dato clave errado o vacío`;
}
