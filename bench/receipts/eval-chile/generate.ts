/**
 * The independent Chilean evaluation set for `npm run bench:receipts`: ~80 documents of kinds the project's own
 * generator doesn't make (tolls, parking, handwritten recibos and taxi receipts, app screenshots, hotel folios,
 * pre-cuentas, a Brazilian NFC-e, scanned facturas with a receptor block, 400 px photos, boletas in new shapes),
 * photographed or scanned with realistic damage. Written without looking at the reader's parsing rules: it is the
 * evaluation set, not one to tune on. Seeded: the same seed gives the same files.
 *
 *   tsx bench/receipts/eval-chile/generate.ts [--seed 19021] [--out dir]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { jsPDF } from 'jspdf';
import sharp from 'sharp';
import { appViaje, facturaEscaneada, hotelFolio, reciboTalonario, taxiManuscrito } from './kinds-paper.js';
import { boleta, estacionamiento, facturaTermica, nfce, peaje, preCuenta, type Built } from './kinds-thermal.js';
import { photograph, randomDamage, scan, type Damage } from './photo.js';
import { Rng } from './rng.js';
import type { EvalKind, EvalTruth } from './truth.js';

export const EVAL_SEED = 19021;
export const EVAL_DIR = fileURLToPath(new URL('../corpus-chile/', import.meta.url));

type Render = 'photo' | 'photo-low' | 'tiny' | 'screenshot-png' | 'screenshot-jpg' | 'scan-jpg' | 'scan-pdf';

const PLAN: Array<{ kind: EvalKind; build: (rng: Rng) => Built; renders: Render[] }> = [
  { kind: 'peaje', build: peaje, renders: ['photo', 'photo', 'photo', 'photo', 'photo', 'photo-low', 'photo'] },
  { kind: 'estacionamiento', build: estacionamiento, renders: ['photo', 'photo', 'photo', 'photo-low', 'photo', 'photo', 'photo'] },
  { kind: 'recibo-talonario', build: reciboTalonario, renders: ['photo', 'photo', 'photo', 'photo', 'photo-low', 'photo'] },
  { kind: 'taxi-manuscrito', build: taxiManuscrito, renders: ['photo', 'photo', 'photo', 'photo', 'photo', 'photo-low'] },
  { kind: 'app-viaje', build: appViaje, renders: ['screenshot-png', 'screenshot-jpg', 'screenshot-png', 'screenshot-jpg', 'screenshot-jpg', 'screenshot-png'] },
  { kind: 'hotel-folio', build: hotelFolio, renders: ['photo', 'photo', 'photo', 'photo', 'photo-low'] },
  { kind: 'pre-cuenta', build: preCuenta, renders: ['photo', 'photo', 'photo', 'photo', 'photo-low', 'photo'] },
  { kind: 'nfce-brasil', build: nfce, renders: ['photo', 'photo', 'photo', 'photo', 'photo-low'] },
  { kind: 'factura-escaneada', build: facturaEscaneada, renders: ['scan-jpg', 'scan-pdf', 'scan-jpg', 'scan-pdf', 'scan-jpg', 'scan-pdf', 'scan-jpg', 'scan-pdf'] },
  { kind: 'foto-400px', build: (rng) => (rng.chance(0.5) ? boleta(rng) : rng.chance(0.5) ? peaje(rng) : estacionamiento(rng)), renders: ['tiny', 'tiny', 'tiny', 'tiny'] },
  { kind: 'boleta', build: boleta, renders: ['photo', 'photo', 'photo', 'photo', 'photo', 'photo', 'photo', 'photo', 'photo', 'photo-low', 'photo-low', 'photo-low'] },
  { kind: 'factura-termica', build: facturaTermica, renders: ['photo', 'photo', 'photo', 'photo-low'] },
];

const damageTags = (d: Damage) => [
  `rot${d.rotationDeg >= 0 ? '+' : ''}${d.rotationDeg.toFixed(1)}`,
  `persp${(d.perspective * 100).toFixed(0)}%`,
  `blur${d.blurSigma.toFixed(1)}`,
  `jpeg${d.jpegQuality}`,
  ...(d.shadowBands ? [`sombras-${d.shadowBands}`] : []),
  ...(d.creases ? [`pliegues-${d.creases}`] : []),
  d.width ? `ancho-${d.width}px` : `escala-${d.scale.toFixed(2)}`,
];

async function render(built: Built, how: Render, rng: Rng): Promise<{ data: Buffer; ext: string; tags: string[] }> {
  const { canvas } = built;
  switch (how) {
    case 'photo':
    case 'photo-low':
    case 'tiny': {
      const d = randomDamage(rng, how === 'photo' ? 'normal' : how === 'photo-low' ? 'low-res' : 'tiny');
      return { data: await photograph(canvas, d, rng), ext: 'jpg', tags: ['foto', ...damageTags(d)] };
    }
    case 'screenshot-png':
      return { data: canvas.toBuffer('image/png'), ext: 'png', tags: ['captura'] };
    case 'screenshot-jpg': {
      // Shared through a messaging app: smaller and recompressed.
      const q = rng.int(55, 75);
      return { data: await sharp(canvas.toBuffer('image/png')).resize({ width: 720 }).jpeg({ quality: q }).toBuffer(), ext: 'jpg', tags: ['captura', 'reenviada', `jpeg${q}`] };
    }
    case 'scan-jpg':
      return { data: await scan(canvas, rng), ext: 'jpg', tags: ['escaneado'] };
    case 'scan-pdf': {
      const jpg = await scan(canvas, rng);
      const pdf = new jsPDF({ unit: 'pt', format: 'a4' });
      // jsPDF stamps the clock and a random file id: fixed here so the same seed gives the same bytes.
      pdf.setCreationDate(new Date(Date.UTC(2025, 0, 1)));
      pdf.setFileId('0'.repeat(32));
      pdf.addImage(new Uint8Array(jpg), 'JPEG', 0, 0, 595.28, 841.89);
      return { data: Buffer.from(pdf.output('arraybuffer')), ext: 'pdf', tags: ['escaneado', 'pdf-sin-texto'] };
    }
  }
}

export async function generateEvalSet(opts: { outDir?: string; seed?: number; log?: (line: string) => void } = {}): Promise<EvalTruth[]> {
  const outDir = opts.outDir ?? EVAL_DIR;
  const root = new Rng(opts.seed ?? EVAL_SEED);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const truth: EvalTruth[] = [];
  for (const { kind, build, renders } of PLAN) {
    for (const [i, how] of renders.entries()) {
      const file = `${kind}-${String(i + 1).padStart(2, '0')}`;
      const rng = root.fork(file);
      const built = build(rng);
      const out = await render(built, how, rng.fork('render'));
      writeFileSync(join(outDir, `${file}.${out.ext}`), out.data);
      const { tags = [], ...t } = built.truth;
      truth.push({ file: `${file}.${out.ext}`, kind, ...t, tags: [...tags, ...out.tags] });
    }
    opts.log?.(`${kind}: ${renders.length}`);
  }
  writeFileSync(join(outDir, 'truth.json'), `${JSON.stringify(truth, null, 1)}\n`);
  return truth;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const t0 = Date.now();
  generateEvalSet({ seed: arg('--seed') ? Number(arg('--seed')) : undefined, outDir: arg('--out'), log: (l) => console.log(`  ${l}`) })
    .then((t) => console.log(`${t.length} archivos en ${((Date.now() - t0) / 1000).toFixed(1)} s`))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
