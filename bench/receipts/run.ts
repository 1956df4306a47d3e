/**
 * npm run bench:receipts — reads three sets of receipts through the production ReceiptReader (one worker, files in
 * sequence) and reports each on its own: per-field accuracy by kind, timbres, time per file (median, p95), the misses
 * and the targets. Development sets: the generated corpus and the real scans (SROIE); evaluation set: the
 * independent Chilean one. Tune on the first two, report on the third. Always exits 0: it measures, it doesn't gate.
 *
 *   --set <a,b>         only these sets: generado, real, chile (default all three)
 *   --regenerate        rebuild the generated sets first (also done when their truth.json is missing)
 *   --filter <text>     only files whose name or kind contains <text>
 *   --json              also write bench/receipts/last-run.json
 *   --misses <n>        how many misses to list per set (default 40)
 *
 * RECEIPTS_REAL_DIR: folder of the real set (default ../shared/datasets/sroie-dev from the repository root).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ReceiptReader } from '../../src/server/receipts/reader.js';
import { calibration, checkFields, FIELD_LABELS, FIELDS, formatCalibration, formatReport, smallPrintLine, summarize, type FileRun, type Summary } from './score.js';
import { loadSet, SET_IDS, type BenchSet, type SetId } from './sets.js';

const LAST_RUN = fileURLToPath(new URL('./last-run.json', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function errorText(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return e?.code ? `${e.code}: ${e.message ?? ''}` : String(e?.message ?? err);
}

async function readSet(reader: ReceiptReader, set: BenchSet, filter: string | undefined): Promise<FileRun[]> {
  const entries = filter ? set.entries.filter((t) => t.file.includes(filter) || t.kind.includes(filter)) : set.entries;
  console.log(`\n=== ${set.title} [${set.role}] — ${entries.length} archivos de ${set.dir}`);
  const runs: FileRun[] = [];
  for (const [i, truth] of entries.entries()) {
    const bytes = readFileSync(join(set.dir, truth.file));
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
  return runs;
}

/** One line per set: the figures to compare before and after a change. */
function overview(done: Array<{ set: BenchSet; summary: Summary }>): string {
  // Times on a shared 2-core machine depend on what else runs: the load average says how far to trust them.
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  const out = ['', `=== Resumen por conjunto (desarrollo: ajustar aquí; evaluación: informar aquí, no ajustar) — carga ${load}`];
  out.push(`${'conjunto'.padEnd(34)}${FIELDS.map((f) => FIELD_LABELS[f].padStart(11)).join('')}${'mediana'.padStart(10)}${'p95'.padStart(9)}`);
  for (const { set, summary } of done) {
    const cells = FIELDS.map((f) => {
      const a = summary.accuracy[f];
      return (a.n ? `${((100 * a.ok) / a.n).toFixed(1)}%` : '—').padStart(11);
    });
    const t = summary.timing.total;
    out.push(`${`${set.id} [${set.role}] (${summary.files})`.padEnd(34)}${cells.join('')}${`${Math.round(t?.medianMs ?? NaN)} ms`.padStart(10)}${`${Math.round(t?.p95Ms ?? NaN)} ms`.padStart(9)}`);
  }
  return out.join('\n');
}

async function main() {
  const wanted = (arg('--set') ?? SET_IDS.join(',')).split(',').map((s) => s.trim()) as SetId[];
  const unknown = wanted.filter((s) => !SET_IDS.includes(s));
  if (unknown.length) {
    console.log(`Conjunto desconocido: ${unknown.join(', ')} (hay: ${SET_IDS.join(', ')})`);
    return;
  }
  const filter = arg('--filter');
  const maxMisses = Number(arg('--misses') ?? 40);
  const sets: BenchSet[] = [];
  for (const id of wanted) {
    const loaded = await loadSet(id, { regenerate: process.argv.includes('--regenerate'), log: (l) => console.log(l) });
    if ('skipped' in loaded) console.log(`Conjunto ${id} omitido: ${loaded.skipped}`);
    else sets.push(loaded);
  }
  if (!sets.length) return;

  const reader = new ReceiptReader({ workers: 1 });
  const done: Array<{ set: BenchSet; runs: FileRun[]; summary: Summary }> = [];
  try {
    const t0 = performance.now();
    await reader.ready();
    console.log(`Lector listo en ${Math.round(performance.now() - t0)} ms. Un archivo a la vez. Carga ${loadavg().map((x) => x.toFixed(1)).join(' ')}.`);
    for (const set of sets) {
      const runs = await readSet(reader, set, filter);
      if (!runs.length) continue;
      const summary = summarize(runs, set.targets);
      console.log(`\n--- ${set.title} [${set.role}]`);
      console.log(formatReport(runs, summary, maxMisses));
      console.log(formatCalibration(calibration(runs)));
      const smallPrint = smallPrintLine(runs);
      if (smallPrint) console.log(smallPrint);
      done.push({ set, runs, summary });
    }
  } finally {
    await reader.close();
  }
  if (!done.length) {
    console.log(`Ningún archivo coincide con --filter ${filter}.`);
    return;
  }
  console.log(overview(done));

  if (process.argv.includes('--json')) {
    const report = Object.fromEntries(
      done.map(({ set, runs, summary }) => [
        set.id,
        {
          role: set.role,
          summary,
          files: runs.map((r) => ({
            file: r.truth.file,
            kind: r.truth.kind,
            wallMs: Math.round(r.wallMs),
            elapsedMs: r.result?.elapsedMs ?? null,
            method: r.result?.method ?? null,
            error: r.error,
            checks: checkFields(r),
            timbre: { present: !!r.truth.hasTimbre, legible: !!r.truth.timbreLegible, decoded: !!r.result?.timbre, valid: r.result?.timbre?.signatureValid ?? null },
            flags: r.result?.flags.map((f) => f.code) ?? [],
          })),
        },
      ]),
    );
    writeFileSync(LAST_RUN, `${JSON.stringify({ ranAt: new Date().toISOString(), filter: filter ?? null, sets: report }, null, 2)}\n`);
    console.log(`Resultados en ${LAST_RUN}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
