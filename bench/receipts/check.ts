/**
 * Sanity check of the corpus truth, independent of the production reader: every timbre marked legible must decode
 * with a plain zxing-wasm call, verify, and agree with truth.json (amount, folio, date, issuer); the ones marked
 * illegible must not decode.   tsx bench/receipts/check.ts [corpus dir]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parseTed, verifyTed } from '../../src/server/receipts/ted.js';
import { CORPUS_DIR } from './generate.js';
import type { TruthEntry } from './truth.js';

const require = createRequire(import.meta.url);

async function pages(file: string): Promise<Uint8Array[]> {
  const bytes = new Uint8Array(readFileSync(file));
  if (!file.endsWith('.pdf')) return [bytes];
  const parser = new PDFParse({ data: bytes });
  try {
    const shot = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false });
    return shot.pages.map((p) => p.data);
  } finally {
    await parser.destroy();
  }
}

const OPTS = { formats: ['PDF417' as const], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1 };

/** Plain zxing first; then what any phone scanner does: upright by EXIF, grey, enlarged, small deskew angles. */
async function decode(image: Uint8Array): Promise<[string, string] | null> {
  const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
  const plain = await readBarcodes(image, OPTS);
  if (plain[0]?.bytes.length) return [latin1(plain[0].bytes), 'directo'];
  const upright = await sharp(image).rotate().greyscale().png().toBuffer();
  const meta = await sharp(upright).metadata();
  for (const angle of [0, -1, 1, -2, 2, -3, 3, -1.5, 1.5, -2.5, 2.5, 180]) {
    const img = await sharp(upright)
      .rotate(angle, { background: '#ffffff' })
      .resize({ width: Math.round((meta.width ?? 1000) * 1.5) })
      .normalise()
      .png()
      .toBuffer();
    const found = await readBarcodes(new Uint8Array(img), OPTS);
    if (found[0]?.bytes.length) return [latin1(found[0].bytes), `giro ${angle}°, x1.5`];
  }
  return null;
}

async function main() {
  const dir = process.argv[2] ?? CORPUS_DIR;
  const truth: TruthEntry[] = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  let problems = 0;
  for (const t of truth.filter((x) => x.hasTimbre)) {
    let decoded: string | null = null;
    let how = '';
    for (const page of await pages(join(dir, t.file))) {
      const hit = await decode(page);
      if (hit) [decoded, how] = hit;
    }
    const ted = decoded ? parseTed(decoded) : null;
    const issues: string[] = [];
    if (t.timbreLegible && !ted) issues.push('legible pero no se lee');
    if (!t.timbreLegible && ted) issues.push('marcado ilegible pero se lee');
    if (ted) {
      if (!verifyTed(ted).valid) issues.push('firma inválida');
      if (ted.total !== t.amount) issues.push(`MNT ${ted.total} ≠ ${t.amount}`);
      if (ted.folio !== t.folio) issues.push(`folio ${ted.folio} ≠ ${t.folio}`);
      if (ted.date !== t.date) issues.push(`fecha ${ted.date} ≠ ${t.date}`);
      if (ted.issuerRut !== t.taxId) issues.push(`RUT ${ted.issuerRut} ≠ ${t.taxId}`);
    }
    if (issues.length) problems++;
    console.log(`${issues.length ? '✗' : '✓'} ${t.file.padEnd(48)} ${ted ? `leído (${how})` : 'no leído'}${issues.length ? `  ${issues.join('; ')}` : ''}`);
  }
  console.log(problems ? `${problems} archivos con problemas` : 'Todos los timbres coinciden con truth.json');
  process.exitCode = problems ? 1 : 0;
}

await main();
