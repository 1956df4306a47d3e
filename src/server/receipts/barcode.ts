import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { rgbaView, type Rotation, type WorkingImage } from './image.js';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

/** Loads ZXing-C++'s wasm from node_modules: the package would otherwise fetch it from a CDN. */
function ensureReader(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  return ready;
}

const OPTIONS: ReaderOptions = {
  formats: ['PDF417'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 1,
};

export interface FoundBarcode {
  /** Raw bytes: the SII timbre is ISO-8859-1. */
  bytes: Buffer;
  /** Degrees the image must turn for the code (and the print around it) to read upright. */
  uprightRotation: Rotation;
}

/**
 * Looks for the PDF417 timbre: first the whole page (ZXing tries quarter turns itself), then the lower part of the page
 * in each of the four rotations (enlarged when small), because a small code at the foot of an A4 scan is missed at
 * full-page scale, then the whole page straightened by ±2°.
 */
export async function findPdf417(image: WorkingImage): Promise<FoundBarcode | null> {
  await ensureReader();
  const attempts: Array<{ rotation: Rotation; lower: number; scale: number; skew?: number }> = [{ rotation: 0, lower: 1, scale: 1 }];
  for (const rotation of [0, 180, 90, 270] as Rotation[]) {
    // Enlarging helps a small code on a small picture; a large picture already has the pixels.
    const width = rotation % 180 ? image.height : image.width;
    attempts.push({ rotation, lower: 0.45, scale: width < 1200 ? 1.5 : 1 });
  }
  // A hand-held photo is a degree or two askew, which the PDF417 detector tolerates badly: straighten and retry.
  for (const skew of [2, -2]) attempts.push({ rotation: 0, lower: 1, scale: 1, skew });
  for (const a of attempts) {
    const view = await rgbaView(image, a.rotation, a.lower, a.scale, a.skew);
    const [hit] = await readBarcodes({ data: view.data, width: view.width, height: view.height, colorSpace: 'srgb' } as ImageData, { ...OPTIONS, tryRotate: a.lower === 1 });
    if (hit?.isValid && hit.bytes.length) {
      const turned = (((a.rotation - normaliseOrientation(hit.orientation)) % 360) + 360) % 360;
      return { bytes: Buffer.from(hit.bytes), uprightRotation: turned as Rotation };
    }
  }
  return null;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the timbre sits in the upright image, so OCR can skip it: its black-and-white pattern costs time and yields
 * garbage characters between the lines that matter.
 */
export async function locatePdf417(image: WorkingImage, rotation: Rotation): Promise<Box | null> {
  await ensureReader();
  const [w, h] = rotation % 180 ? [image.height, image.width] : [image.width, image.height];
  // The same views findPdf417 tries, upright: whole page, its foot, then straightened by ±2°.
  const views = [{ lower: 1, skew: 0 }, { lower: 0.45, skew: 0 }, { lower: 1, skew: 2 }, { lower: 1, skew: -2 }];
  for (const v of views) {
    const view = await rgbaView(image, rotation, v.lower, 1, v.skew);
    const [hit] = await readBarcodes({ data: view.data, width: view.width, height: view.height, colorSpace: 'srgb' } as ImageData, { ...OPTIONS, tryRotate: false });
    if (!hit?.isValid) continue;
    const { topLeft, topRight, bottomLeft, bottomRight } = hit.position;
    // Back to upright page coordinates: the foot view starts lower down; a skewed view is larger by its margins.
    const dx = (view.width - w) / 2;
    const dy = v.lower < 1 ? -(h - view.height) : (view.height - h) / 2;
    const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x].map((x) => x - dx);
    const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y].map((y) => y - dy);
    // Quiet zone, row indicators and skew that ZXing leaves outside the reported corners.
    const margin = Math.round(0.04 * w);
    const left = Math.max(0, Math.round(Math.min(...xs)) - margin);
    const top = Math.max(0, Math.round(Math.min(...ys)) - margin);
    const right = Math.min(w, Math.round(Math.max(...xs)) + margin);
    const bottom = Math.min(h, Math.round(Math.max(...ys)) + margin);
    return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
  }
  return null;
}

/** ZXing reports the code's orientation in degrees (clockwise); snap it to a quarter turn. */
function normaliseOrientation(deg: number): number {
  return ((Math.round(deg / 90) * 90) % 360 + 360) % 360;
}
