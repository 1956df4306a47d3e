/**
 * tsx bench/receipts/text-set.ts --dir <folder> [--dev <regex>] [--misses N] [--all-misses] [--show <stem>]
 *
 * Scores the receipt **parser** alone on real receipts' own line text, with no OCR in between: each receipt is a pair
 * `<stem>.box.csv` (ICDAR-2019 SROIE task 1: `x1,y1,…,x4,y4,text` per piece of text, as people transcribed it) and
 * `<stem>.key.json` (task 3: `company`, `date`, `total`). The pieces are put into rows the way the OCR's are
 * (`assembleLines`), then parsed and scored like the `real` set (amount, currency, date, issuer). Receipts of the
 * development set (`../shared/datasets/sroie-dev`, matched by total, date and merchant) are left out and counted, so
 * what remains is real print the parser's rules were never tuned on. The receipts whose stem matches `--dev` (default
 * DEV) are the development part (their misses are listed); the others are the evaluation part (only its figures are
 * printed, unless `--all-misses`). The files stay outside the repository; see README "Session 37" for
 * where they came from.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assembleLines, type OcrLine } from '../../src/server/receipts/ocr.js';
import { analyzeReading } from '../../src/server/receipts/pipeline.js';
import { calibration, checkFields, formatCalibration, sameAmount, sameIssuer, type FileRun } from './score.js';
import { realSetDir } from './sets.js';
import type { ScoredTruth } from './truth.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** One piece per line: eight coordinates, then the text (which may hold commas). */
export function piecesOf(csv: string): OcrLine[] {
  return csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => /^\s*(-?\d+),(-?\d+),(-?\d+),(-?\d+),(-?\d+),(-?\d+),(-?\d+),(-?\d+),(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => {
      const n = m.slice(1, 9).map(Number);
      return { text: m[9], mean: 1, box: [[n[0], n[1]], [n[2], n[3]], [n[4], n[5]], [n[6], n[7]]] };
    });
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The key's date as an ISO day. Malaysia writes the day first; a four-digit first group is a year. */
export function keyDate(printed: string): string | null {
  const s = printed.trim().toUpperCase();
  const iso = (y: number, m: number, d: number) =>
    m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${y < 100 ? 2000 + y : y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` : null;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(s);
  // Day first, unless the second number cannot be a month ('12/28/2017').
  if (m) return iso(+m[3], +m[2], +m[1]) ?? iso(+m[3], +m[1], +m[2]);
  m = /^(\d{1,2})[-/.\s]*([A-Z]{3})[A-Z]*[-/.,\s]*(\d{2}|\d{4})$/.exec(s);
  if (m && MONTHS.includes(m[2])) return iso(+m[3], MONTHS.indexOf(m[2]) + 1, +m[1]);
  m = /^([A-Z]{3})[A-Z]*[-/.\s]*(\d{1,2})[,\s]+(\d{4})$/.exec(s);
  if (m && MONTHS.includes(m[1])) return iso(+m[3], MONTHS.indexOf(m[1]) + 1, +m[2]);
  return null;
}

/**
 * The receipts whose misses may be read: all but those of a batch gathered later (`…__batch4__…`, `…__batch5__…`),
 * which are read for their figures only (README, sessions 37 and 38).
 */
const DEV = String.raw`^(?!.*__batch\d+__)`;

interface Key {
  company?: string;
  date?: string;
  total?: string;
}

function main() {
  const dir = arg('--dir');
  if (!dir || !existsSync(dir)) {
    console.log(`Sin carpeta de textos (--dir ${dir ?? '?'}): nada que medir.`);
    return;
  }
  const show = arg('--show');
  const maxMisses = Number(arg('--misses') ?? 40);
  const devDir = realSetDir();
  const dev: { amount: number; date: string; merchant: string }[] = existsSync(join(devDir, 'truth.json')) ? JSON.parse(readFileSync(join(devDir, 'truth.json'), 'utf8')) : [];
  const runs: FileRun[] = [];
  const skipped: string[] = [];
  const inDev: string[] = [];
  const seen = new Set<string>();
  const devPart = new RegExp(arg('--dev') ?? DEV);
  // The same receipt gathered twice (both sources, or a development and a later batch) counts once, in the development
  // part when one of its copies is there: a receipt whose misses were read is no evaluation.
  const names = readdirSync(dir).filter((f) => f.endsWith('.box.csv')).sort();
  for (const name of [...names.filter((n) => devPart.test(n)), ...names.filter((n) => !devPart.test(n))]) {
    const stem = name.slice(0, -'.box.csv'.length);
    if (show && stem !== show) continue;
    const keyPath = join(dir, `${stem}.key.json`);
    if (!existsSync(keyPath)) continue;
    const key = JSON.parse(readFileSync(keyPath, 'utf8')) as Key;
    const amount = Number(String(key.total ?? '').replace(/[^\d.]/g, ''));
    const date = keyDate(key.date ?? '');
    if (!key.total || !Number.isFinite(amount) || amount <= 0 || !date || !key.company) {
      skipped.push(`${stem} (clave incompleta: ${JSON.stringify(key)})`);
      continue;
    }
    const same = `${amount}|${date}|${key.company.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
    if (seen.has(same)) continue;
    seen.add(same);
    if (dev.some((d) => sameAmount(d.amount, amount) && d.date === date && sameIssuer(d.merchant, key.company))) {
      inDev.push(stem);
      continue;
    }
    const text = assembleLines(piecesOf(readFileSync(join(dir, name), 'utf8'))).join('\n');
    const truth: ScoredTruth = { file: stem, kind: 'texto real', amount, currency: 'MYR', date, merchant: key.company };
    const started = performance.now();
    try {
      const result = analyzeReading({ text, source: 'ocr', barcode: null, method: 'text' }, started);
      runs.push({ truth, result, error: null, wallMs: performance.now() - started });
    } catch (err) {
      runs.push({ truth, result: null, error: (err as Error).message, wallMs: performance.now() - started });
    }
    if (show) {
      console.log(text);
      console.log(JSON.stringify(runs.at(-1)?.result, null, 2));
    }
  }
  const isDev = (run: FileRun) => devPart.test(run.truth.file);
  console.log(`Textos reales (SROIE, transcripción por línea, sin OCR): ${runs.length} recibos; ${inDev.length} del conjunto \`real\` y ${skipped.length} con clave incompleta quedan fuera.`);
  for (const [title, part] of [
    ['desarrollo', runs.filter(isDev)],
    ['evaluación', runs.filter((r) => !isDev(r))],
  ] as const) {
    if (!part.length) continue;
    const { line, misses } = score(part);
    console.log(`\n== ${title} (${part.length}): ${line}`);
    if (misses.length && (title === 'desarrollo' || process.argv.includes('--all-misses'))) {
      console.log(`Fallos (${Math.min(maxMisses, misses.length)} de ${misses.length}):\n${misses.slice(0, maxMisses).join('\n')}`);
    }
    console.log(formatCalibration(calibration(part)));
  }
  if (skipped.length) console.log(`\nFuera:\n${skipped.join('\n')}`);
}

const FIELDS_SCORED = ['amount', 'date', 'currency', 'issuer'] as const;

/** The summary line of a part and its misses, amounts first. */
function score(runs: FileRun[]): { line: string; misses: string[] } {
  const misses: Array<{ order: number; text: string }> = [];
  const tally = new Map<string, number>(FIELDS_SCORED.map((f) => [f, 0]));
  for (const run of runs) {
    for (const c of checkFields(run)) {
      const order = (FIELDS_SCORED as readonly string[]).indexOf(c.field);
      if (order < 0) continue;
      if (c.ok) tally.set(c.field, (tally.get(c.field) ?? 0) + 1);
      else misses.push({ order, text: `${run.truth.file}  ${c.field}: esperado ${JSON.stringify(c.expected)}, leído ${JSON.stringify(c.got)}` });
    }
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, runs.length)).toFixed(1)} %`;
  return {
    line: FIELDS_SCORED.map((f) => `${f} ${pct(tally.get(f) ?? 0)} (${tally.get(f)}/${runs.length})`).join(' · '),
    misses: misses.sort((a, b) => a.order - b.order).map((m) => m.text),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
