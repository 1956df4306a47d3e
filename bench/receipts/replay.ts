/**
 * tsx bench/receipts/replay.ts — re-scores parser changes in seconds: the first run reads every file once (OCR, PDF
 * text, timbre) into a cache outside the repository (os.tmpdir()), later runs only parse the cached readings. Reading
 * changes (image, OCR) need `--fresh`; timings are not measured here: use `npm run bench:receipts` for them.
 *
 *   --set <a,b>      generado, real, chile (default all three)
 *   --filter <text>  only files whose name or kind contains <text>
 *   --fresh          read the files again
 *   --cached-only    skip the files not read yet (while another run fills the cache)
 *   --show <file>    print the cached text of that file and the parsed result
 *   --first-only     parse only the first recogniser's reading (the reader before the second one was added)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOcrEngine, type OcrEngine } from '../../src/server/receipts/ocr.js';
import { analyzeReading, readDocument, type Reading } from '../../src/server/receipts/pipeline.js';
import { calibration, checkFields, FIELD_LABELS, FIELDS, formatCalibration, smallPrintLine, summarize, type FileRun } from './score.js';
import { loadSet, SET_IDS, type SetId } from './sets.js';

/** One cache per OCR engine (RECEIPTS_OCR), so the two can be compared without reading again. */
const CACHE = process.env.RECEIPTS_REPLAY_CACHE ?? join(tmpdir(), 'rendix-receipt-readings', process.env.RECEIPTS_OCR ?? 'paddle');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Cached {
  text: string;
  secondText?: string;
  smallerLooks?: Reading['smallerLooks'];
  textHeight?: number;
  source: Reading['source'];
  method: string;
  barcode: string | null;
  error: string | null;
}

async function main() {
  const wanted = (arg('--set') ?? SET_IDS.join(',')).split(',') as SetId[];
  const filter = arg('--filter');
  const show = arg('--show');
  const fresh = process.argv.includes('--fresh');
  const firstOnly = process.argv.includes('--first-only');
  let ocr: OcrEngine | null = null;
  try {
    for (const id of wanted) {
      const set = await loadSet(id, { regenerate: false, log: (l) => console.log(l) });
      if ('skipped' in set) continue;
      // By folder, not by set: a Chilean set of another seed has the same file names.
      const dir = join(CACHE, id, basename(set.dir));
      mkdirSync(dir, { recursive: true });
      const entries = set.entries.filter((t) => (!filter || t.file.includes(filter) || t.kind.includes(filter)) && (!show || t.file === show));
      const runs: FileRun[] = [];
      for (const truth of entries) {
        const path = join(dir, `${truth.file.replace(/[/\\]/g, '_')}.json`);
        let cached: Cached;
        if (process.argv.includes('--cached-only') && !existsSync(path)) continue;
        if (!fresh && existsSync(path)) cached = JSON.parse(readFileSync(path, 'utf8'));
        else {
          ocr ??= createOcrEngine();
          try {
            const r = await readDocument(readFileSync(join(set.dir, truth.file)), ocr);
            cached = { text: r.text, ...(r.secondText ? { secondText: r.secondText } : {}), ...(r.smallerLooks ? { smallerLooks: r.smallerLooks } : {}), ...(r.textHeight ? { textHeight: r.textHeight } : {}), source: r.source, method: r.method, barcode: r.barcode ? r.barcode.bytes.toString('base64') : null, error: null };
          } catch (err) {
            cached = { text: '', source: 'ocr', method: '', barcode: null, error: String((err as { code?: string }).code ?? err) };
          }
          writeFileSync(path, JSON.stringify(cached));
        }
        let run: FileRun;
        try {
          if (cached.error) throw new Error(cached.error);
          const reading: Reading = { text: cached.text, ...(cached.secondText && !firstOnly ? { secondText: cached.secondText } : {}), ...(cached.smallerLooks && !firstOnly ? { smallerLooks: cached.smallerLooks } : {}), ...(cached.textHeight ? { textHeight: cached.textHeight } : {}), source: cached.source, method: cached.method, barcode: cached.barcode ? { bytes: Buffer.from(cached.barcode, 'base64') } : null };
          run = { truth, result: analyzeReading(reading, performance.now()), error: null, wallMs: 0 };
        } catch (err) {
          run = { truth, result: null, error: String((err as { code?: string }).code ?? err), wallMs: 0 };
        }
        runs.push(run);
        if (show) {
          console.log(cached.text);
          if (cached.secondText) console.log(`--- segunda lectura ---\n${cached.secondText}`);
          for (const [k, look] of (cached.smallerLooks ?? []).entries()) console.log(`--- copia reducida ${k + 1} ---\n${look.text}`);
          console.log(JSON.stringify({ ...run.result, timbre: undefined }, null, 1));
          console.log(JSON.stringify(truth));
        }
        const misses = checkFields(run).filter((c) => !c.ok);
        if (process.argv.includes('--wrong-high')) {
          const key: Record<string, string> = { folio: 'invoiceNumber', issuer: 'issuerName' };
          for (const c of misses) if (run.result?.fieldConfidence?.[key[c.field] ?? c.field] === 'high') console.log(`HIGH-WRONG ${id} ${truth.file} ${c.field}: ${JSON.stringify(c.got)} ≠ ${JSON.stringify(c.expected)}`);
          continue;
        }
        if (misses.length && !show)
          console.log(`${id} ${truth.file} [${truth.kind}] ${run.error ?? misses.map((c) => `${c.field}: ${JSON.stringify(c.got)} ≠ ${JSON.stringify(c.expected)}`).join('; ')}`);
      }
      if (!runs.length) continue;
      const summary = summarize(runs, set.targets);
      const cells = FIELDS.map((f) => {
        const a = summary.accuracy[f];
        return `${FIELD_LABELS[f]} ${a.n ? `${((100 * a.ok) / a.n).toFixed(1)}%` : '—'}`;
      });
      if (process.argv.includes('--calibration')) console.log(formatCalibration(calibration(runs)));
      const smallPrint = smallPrintLine(runs);
      if (smallPrint) console.log(smallPrint);
      console.log(`== ${id} (${runs.length}): ${cells.join(' · ')}`);
    }
  } finally {
    await ocr?.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
