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
 * Looks for the PDF417 timbre: first the whole page (ZXing tries 90° turns itself), then the lower part of the page
 * in each of the four rotations, enlarged, because a small code at the foot of an A4 scan is missed at full-page scale.
 */
export async function findPdf417(image: WorkingImage): Promise<FoundBarcode | null> {
  await ensureReader();
  const attempts: Array<{ rotation: Rotation; lower: number; scale: number }> = [{ rotation: 0, lower: 1, scale: 1 }];
  for (const rotation of [0, 180, 90, 270] as Rotation[]) attempts.push({ rotation, lower: 0.45, scale: 1.5 });
  for (const a of attempts) {
    const view = await rgbaView(image, a.rotation, a.lower, a.scale);
    const [hit] = await readBarcodes({ data: view.data, width: view.width, height: view.height, colorSpace: 'srgb' } as ImageData, OPTIONS);
    if (hit?.isValid && hit.bytes.length) {
      const turned = (((a.rotation - normaliseOrientation(hit.orientation)) % 360) + 360) % 360;
      return { bytes: Buffer.from(hit.bytes), uprightRotation: turned as Rotation };
    }
  }
  return null;
}

/** ZXing reports the code's orientation in degrees (clockwise); snap it to a quarter turn. */
function normaliseOrientation(deg: number): number {
  return ((Math.round(deg / 90) * 90) % 360 + 360) % 360;
}
