/**
 * Receipt corpus with known truth for `npm run bench:receipts`: ~130 deterministic files (same seed, same bytes)
 * plus truth.json, written to bench/receipts/corpus/ (gitignored).
 *
 *   tsx bench/receipts/generate.ts [--seed 20250314] [--out dir] [--random-keys]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildBoleta, merchantRut, type BoletaVariant, type BuiltThermal } from './layouts/boleta.js';
import { buildFactura, renderFacturaPdf, renderFacturaScan } from './layouts/factura.js';
import { FOREIGN_BUILDERS, renderSimplePdf } from './layouts/foreign.js';
import { MERCHANTS, merchant } from './layouts/merchants.js';
import { photograph, randomPhotoOptions } from './layouts/photo.js';
import { buildParkingTicket, buildTaxi, buildUber } from './layouts/recibos.js';
import { companyRut, Rng } from './lib/random.js';
import { renderThermal, type ThermalImage } from './lib/thermal.js';
import { TIMBRE_CAPTION, TimbreFactory, timbrePng } from './lib/timbre.js';
import type { Kind, TruthEntry } from './truth.js';

export const DEFAULT_SEED = 20250314;
export const CORPUS_DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

export interface GenerateOptions {
  outDir?: string;
  seed?: number;
  /** CAF keys from createCafKeyPair() (OS randomness: timbres differ per run). */
  randomKeys?: boolean;
  log?: (line: string) => void;
}

/** Boletas: every merchant once, the big chains twice, plus Uber, taxi and parking tickets. */
const BOLETA_PLAN: string[] = [
  ...MERCHANTS.map((m) => m.key),
  'lider', 'jumbo', 'unimarc', 'santa-isabel', 'copec', 'shell', 'sodimac', 'easy', 'lapiz-lopez', 'starbucks', 'juan-maestro', 'doggis', 'saba', 'latam',
  'uber', 'uber', 'uber', 'taxi', 'taxi', 'parking-ticket', 'parking-ticket', 'costanera-norte',
];

const PHOTO_PLAN: string[] = [
  'lider', 'jumbo', 'unimarc', 'santa-isabel', 'copec', 'shell', 'aramco', 'sodimac', 'easy', 'lapiz-lopez', 'starbucks', 'juan-maestro', 'doggis',
  'hotel-ibis', 'saba', 'ruta-68', 'sky', 'latam', 'lider', 'copec', 'jumbo', 'sodimac', 'taxi', 'uber', 'estacionamiento-mall',
];

const HARD_PLAN: Array<{ name: string; merchant: string; v: BoletaVariant } | { name: string; factura: 'due-date-first' }> = [
  { name: 'cash-change', merchant: 'unimarc', v: { cash: true, timbre: true } },
  { name: 'subtotal-big', merchant: 'sodimac', v: { subtotalBig: true, discount: true } },
  { name: 'total-a-pagar', merchant: 'jumbo', v: { totalLabel: 'TOTAL A PAGAR', netIva: true, timbre: true } },
  { name: 'discount', merchant: 'santa-isabel', v: { discount: true, cash: true } },
  { name: 'propina', merchant: 'starbucks', v: { tip: true, timbre: true } },
  { name: 'propina-neto-iva', merchant: 'juan-maestro', v: { tip: true, netIva: true } },
  { name: 'vencimiento', factura: 'due-date-first' },
  { name: 'cupon-valido-hasta', merchant: 'lider', v: { validUntil: true, timbre: true, dateStyle: 'dd.mm.yy' } },
  { name: 'sin-signo-peso', merchant: 'doggis', v: { noDollar: true } },
  { name: 'timbre-distinto-1', merchant: 'copec', v: { mismatch: true, timbre: true } },
  { name: 'timbre-distinto-2', merchant: 'easy', v: { mismatch: true, timbre: true, cash: true } },
  { name: 'total-linea-siguiente', merchant: 'shell', v: { totalOnNextLine: true, timbre: true } },
  { name: 'numeros-grandes', merchant: 'jumbo', v: { bigNumbers: true, cash: true } },
  { name: 'impresion-debil', merchant: 'santa-isabel', v: { faint: true, timbre: true, dateStyle: 'dd de mes de yyyy' } },
  { name: 'factura-termica', merchant: 'sodimac', v: { timbre: true, factura: { name: 'CONSTRUCTORA LOS ALERCES SpA', rut: { normalized: '', dotted: '' }, giro: 'CONSTRUCCION DE EDIFICIOS' } } },
];

const slug = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 32);
const n2 = (i: number) => String(i + 1).padStart(2, '0');

export async function generateCorpus(opts: GenerateOptions = {}): Promise<TruthEntry[]> {
  const outDir = opts.outDir ?? CORPUS_DIR;
  const seed = opts.seed ?? DEFAULT_SEED;
  const log = opts.log ?? (() => {});
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const root = new Rng(seed);
  const timbres = new TimbreFactory(root, opts.randomKeys);
  const truth: TruthEntry[] = [];
  const add = (file: string, data: Buffer, kind: Kind, t: Omit<TruthEntry, 'file' | 'kind'>, tags: string[] = []) => {
    writeFileSync(join(outDir, file), data);
    truth.push({ file, kind, ...t, tags: [...t.tags, ...tags] });
  };

  const buildChilean = (rng: Rng, key: string, v: BoletaVariant): BuiltThermal => {
    if (key === 'uber') return buildUber(rng);
    if (key === 'taxi') return buildTaxi(rng);
    if (key === 'parking-ticket') return buildParkingTicket(rng);
    return buildBoleta(rng, root, merchant(key), timbres, v);
  };
  const render = async (b: BuiltThermal): Promise<ThermalImage> => {
    const timbre = b.ted ? { png: await timbrePng(b.ted, { columns: 12, scale: 2 }), caption: TIMBRE_CAPTION } : undefined;
    return renderThermal(b.lines, { cols: b.cols, width: b.width, font: b.font, timbre, footer: b.footer });
  };

  let t0 = performance.now();
  for (const [i, key] of BOLETA_PLAN.entries()) {
    const rng = root.fork(`boleta:${i}`);
    const b = buildChilean(rng, key, { timbre: rng.chance(0.55) });
    add(`boleta-${n2(i)}-${key}.png`, (await render(b)).png, 'boleta-image', b.truth);
  }
  log(`boletas: ${BOLETA_PLAN.length} en ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  const facturaPdfs: Buffer[] = [];
  for (let i = 0; i < 20; i++) {
    const rng = root.fork(`factura:${i}`);
    const { spec, truth: t } = buildFactura(rng, root, timbres, { sample: i === 0, issuer: i - 1 });
    const pdf = await renderFacturaPdf(spec);
    facturaPdfs.push(pdf);
    add(`factura-${n2(i)}-${slug(spec.issuer.name)}.pdf`, pdf, 'factura-pdf', t);
  }
  log(`facturas PDF: 20 en ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  for (let i = 0; i < 10; i++) {
    const rng = root.fork(`scan:${i}`);
    const { spec, truth: t } = buildFactura(rng, root, timbres, { sample: i === 0, issuer: i + 3 });
    const scan = await renderFacturaScan(await renderFacturaPdf(spec), rng);
    add(`scan-${n2(i)}-${slug(spec.issuer.name)}.pdf`, scan.pdf, 'factura-scan', t, ['scan', ...scan.tags]);
  }
  log(`facturas escaneadas: 10 en ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  for (const [i, key] of PHOTO_PLAN.entries()) {
    const rng = root.fork(`photo:${i}`);
    // Two photos whose timbre was damaged on purpose: cut off at the bottom, smeared.
    const damage = i === 4 ? { cropTimbre: true } : i === 19 ? { smearTimbre: true } : {};
    const b = buildChilean(rng, key, { timbre: 'cropTimbre' in damage || 'smearTimbre' in damage || rng.chance(0.55) });
    const img = await render(b);
    const photo = await photograph(img, rng, randomPhotoOptions(rng, damage));
    const legible = b.truth.hasTimbre && !('cropTimbre' in damage) && !('smearTimbre' in damage);
    add(`photo-${n2(i)}-${key}.jpg`, photo.jpg, 'photo', { ...b.truth, timbreLegible: legible }, ['photo', ...photo.tags]);
  }
  log(`fotos: ${PHOTO_PLAN.length} en ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  for (const [i, build] of FOREIGN_BUILDERS.entries()) {
    const rng = root.fork(`foreign:${i}`);
    const doc = build(rng);
    if (doc.format === 'pdf') add(`foreign-${n2(i)}-${doc.key}.pdf`, renderSimplePdf(`foreign:${i}`, doc.lines), 'foreign', doc.truth);
    else add(`foreign-${n2(i)}-${doc.key}.png`, (await renderThermal(doc.lines, { cols: doc.cols })).png, 'foreign', doc.truth);
  }
  log(`extranjeras: ${FOREIGN_BUILDERS.length} en ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  for (const [i, plan] of HARD_PLAN.entries()) {
    const rng = root.fork(`hard:${i}`);
    if ('factura' in plan) {
      const { spec, truth: t } = buildFactura(rng, root, timbres, { dueDate: true, dueDateFirst: true });
      add(`hard-${n2(i)}-${plan.name}.pdf`, await renderFacturaPdf(spec), 'hard', t, [plan.name]);
      continue;
    }
    const v = { ...plan.v };
    if (v.factura) v.factura = { ...v.factura, rut: companyRut(root.fork(`rut:${v.factura.name}`)) };
    const b = buildBoleta(rng, root, merchant(plan.merchant), timbres, v);
    add(`hard-${n2(i)}-${plan.name}.png`, (await render(b)).png, 'hard', b.truth, [plan.name]);
  }
  log(`casos difíciles: ${HARD_PLAN.length} en ${Math.round(performance.now() - t0)} ms`);

  writeFileSync(join(outDir, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
  return truth;
}

export { merchantRut };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  const truth = await generateCorpus({
    seed: arg('--seed') ? Number(arg('--seed')) : undefined,
    outDir: arg('--out'),
    randomKeys: process.argv.includes('--random-keys'),
    log: (line) => console.log(`  ${line}`),
  });
  const byKind = truth.reduce<Record<string, number>>((a, t) => ({ ...a, [t.kind]: (a[t.kind] ?? 0) + 1 }), {});
  console.log(`Corpus: ${truth.length} archivos (${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ')}) en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
