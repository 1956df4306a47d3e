/**
 * npm run bench:receipts — reads every file of the receipt corpus through the production ReceiptReader (one worker,
 * files in sequence) and compares with truth.json: per-field accuracy by kind, timbres decoded/verified, time per
 * file, the misses, and whether the targets are met. Always exits 0: it measures, it doesn't gate.
 *
 *   --regenerate        rebuild the corpus first (also done when truth.json is missing)
 *   --filter <text>     only files whose name or kind contains <text>
 *   --json              also write bench/receipts/last-run.json
 *   --misses <n>        how many misses to list (default 40)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ReceiptReader } from '../../src/server/receipts/reader.js';
import { CORPUS_DIR, DEFAULT_SEED, generateCorpus } from './generate.js';
import { checkFields, formatReport, summarize, type FileRun } from './score.js';
import type { TruthEntry } from './truth.js';

const LAST_RUN = fileURLToPath(new URL('./last-run.json', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function errorText(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return e?.code ? `${e.code}: ${e.message ?? ''}` : String(e?.message ?? err);
}

async function main() {
  const truthPath = join(CORPUS_DIR, 'truth.json');
  if (process.argv.includes('--regenerate') || !existsSync(truthPath)) {
    console.log(`Generando corpus (semilla ${DEFAULT_SEED}) en ${CORPUS_DIR} ...`);
    const t0 = performance.now();
    const truth = await generateCorpus({ log: (line) => console.log(`  ${line}`) });
    console.log(`  ${truth.length} archivos en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const filter = arg('--filter');
  const maxMisses = Number(arg('--misses') ?? 40);
  const all: TruthEntry[] = JSON.parse(readFileSync(truthPath, 'utf8'));
  const entries = filter ? all.filter((t) => t.file.includes(filter) || t.kind.includes(filter)) : all;
  if (!entries.length) {
    console.log(`Ningún archivo coincide con --filter ${filter}.`);
    return;
  }

  const reader = new ReceiptReader({ workers: 1 });
  const runs: FileRun[] = [];
  try {
    const t0 = performance.now();
    await reader.ready();
    console.log(`Lector listo en ${Math.round(performance.now() - t0)} ms. Leyendo ${entries.length} archivos, uno a la vez ...`);
    for (const [i, truth] of entries.entries()) {
      const bytes = readFileSync(join(CORPUS_DIR, truth.file));
      const start = performance.now();
      let run: FileRun;
      try {
        const result = await reader.analyze(bytes);
        run = { truth, result, error: null, wallMs: performance.now() - start };
      } catch (err) {
        run = { truth, result: null, error: errorText(err), wallMs: performance.now() - start };
      }
      runs.push(run);
      const checks = checkFields(run);
      const marks = run.error ? `ERROR ${run.error}` : checks.map((c) => (c.ok ? '·' : c.field[0])).join('');
      const timbre = truth.hasTimbre ? (run.result?.timbre ? (run.result.timbre.signatureValid ? ' T✓' : ' T?') : truth.timbreLegible ? ' T✗' : ' t-') : '';
      console.log(`  ${String(i + 1).padStart(3)}/${entries.length} ${truth.file.padEnd(46)} ${String(Math.round(run.wallMs)).padStart(6)} ms  ${marks}${timbre}`);
    }
  } finally {
    await reader.close();
  }

  const summary = summarize(runs);
  console.log(formatReport(runs, summary, maxMisses));
  if (process.argv.includes('--json')) {
    const files = runs.map((r) => ({
      file: r.truth.file,
      kind: r.truth.kind,
      wallMs: Math.round(r.wallMs),
      elapsedMs: r.result?.elapsedMs ?? null,
      method: r.result?.method ?? null,
      error: r.error,
      checks: checkFields(r),
      timbre: { present: r.truth.hasTimbre, legible: r.truth.timbreLegible, decoded: !!r.result?.timbre, valid: r.result?.timbre?.signatureValid ?? null },
      flags: r.result?.flags.map((f) => f.code) ?? [],
    }));
    writeFileSync(LAST_RUN, `${JSON.stringify({ ranAt: new Date().toISOString(), filter: filter ?? null, summary, files }, null, 2)}\n`);
    console.log(`Resultados en ${LAST_RUN}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
