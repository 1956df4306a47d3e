import sharp, { type Metadata, type Sharp } from 'sharp';
import { ReadFailure } from './errors.js';

/** Photos from phones are 12–50 MP; past this a file is a decompression bomb rather than a receipt. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the working copy: enough for 8-pt thermal print and a PDF417 module, cheap to OCR. */
const WORKING_SIDE = 2000;

export type Rotation = 0 | 90 | 180 | 270;

/** A greyscale, upright (EXIF applied), contrast-stretched copy of the image, at most WORKING_SIDE on its longest side. */
export interface WorkingImage {
  png: Buffer;
  /** The same pixels, raw, one byte each: cheap to turn and crop for the barcode reader. */
  grey: Buffer;
  width: number;
  height: number;
}

function open(data: Buffer): Sharp {
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
}

export async function prepareImage(data: Buffer): Promise<WorkingImage> {
  let meta: Metadata;
  try {
    meta = await open(data).metadata();
  } catch (err) {
    throw decodeFailure(err);
  }
  if (!meta.width || !meta.height) throw new ReadFailure('corrupt_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ReadFailure('too_many_pixels');
  try {
    const { data: grey, info } = await open(data)
      .rotate() // EXIF orientation
      .flatten({ background: '#ffffff' })
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .normalise()
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await cropToPaper(grey, info.width, info.height);
  } catch (err) {
    throw decodeFailure(err);
  }
}

function decodeFailure(err: unknown): ReadFailure {
  return new ReadFailure(err instanceof Error && /pixel limit/i.test(err.message) ? 'too_many_pixels' : 'corrupt_image');
}

/** Paper is at least this bright after the contrast stretch, or brighter than Otsu's split when the scene is darker. */
const PAPER_LEVEL = 200;

/** Otsu's threshold: the grey level that best splits the histogram into two classes (paper and the rest). */
function otsu(pixels: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const p of pixels) hist[p]++;
  const total = pixels.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 127;
  for (let i = 0; i < 256; i++) {
    weightB += hist[i];
    if (!weightB || weightB === total) continue;
    sumB += i * hist[i];
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / (total - weightB);
    const between = weightB * (total - weightB) * (meanB - meanF) ** 2;
    if (between > best) [best, threshold] = [between, i];
  }
  return threshold;
}

/** Share of the print a crop must keep: a shadow across the paper makes part of it darker than the paper level. */
const INK_KEPT = 0.9;

/**
 * Share of the ink (pixels clearly darker than their neighbourhood: strokes of print, not the soft edge of a shadow)
 * that falls inside the box [x0, y0, x1, y1] of the small copy.
 */
function inkInside(pixels: Buffer, w: number, h: number, [x0, y0, x1, y1]: number[]): number {
  const R = 2;
  let inside = 0;
  let total = 0;
  for (let y = R; y < h - R; y++)
    for (let x = R; x < w - R; x++) {
      let sum = 0;
      for (let dy = -R; dy <= R; dy++) for (let dx = -R; dx <= R; dx++) sum += pixels[(y + dy) * w + x + dx];
      if (sum / 25 - pixels[y * w + x] < 30) continue;
      total++;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
    }
  return total ? inside / total : 1;
}

/** Columns (of the 256-px copy) without print that may lie between two with print: the gap between words. */
const GAP = 4;

/**
 * Print per column and per row of the small copy: pixels in a valley, darker than four fifths of what lies two pixels
 * away on both sides (across or along). A stroke has paper on both sides; the paper's edge against the table does
 * not. A ratio, not a difference: a shadow darkens paper and ink alike, so print in a shadow band still counts.
 */
function inkProfile(pixels: Buffer, w: number, h: number): { cols: Float64Array; rows: Float64Array } {
  const R = 2;
  const cols = new Float64Array(w);
  const rows = new Float64Array(h);
  for (let y = R; y < h - R; y++)
    for (let x = R; x < w - R; x++) {
      const p = pixels[y * w + x];
      const across = Math.min(pixels[y * w + x - R], pixels[y * w + x + R]);
      const along = Math.min(pixels[(y - R) * w + x], pixels[(y + R) * w + x]);
      const side = Math.max(across, along);
      if (p > 0.8 * side || side - p < 12) continue;
      cols[x]++;
      rows[y]++;
    }
  return { cols, rows };
}

/** The span [first, last] grown outwards over neighbouring lines (columns or rows) with print, across gaps of `gap`. */
function widen([first, last]: [number, number], ink: Float64Array, gap: number): [number, number] {
  let a = first;
  for (let i = first - 1; i >= 0 && a - i <= gap; i--) if (ink[i] >= 2) a = i;
  let b = last;
  for (let i = last + 1; i < ink.length && i - b <= gap; i++) if (ink[i] >= 2) b = i;
  return [a, b];
}

/**
 * A photo shows the receipt on a table: keep the bright paper and drop the background, which OCR would otherwise
 * read as noise at the cost of a second or more. Rows and columns where paper dominates bound the crop; a scan or a
 * screenshot (paper everywhere) is left whole.
 */
async function cropToPaper(grey: Buffer, width: number, height: number): Promise<WorkingImage> {
  const raw = { width, height, channels: 1 as const };
  const small = await sharp(grey, { raw }).resize({ width: 256, height: 256, fit: 'inside' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const [w, h] = [small.info.width, small.info.height];
  const level = Math.min(PAPER_LEVEL, otsu(small.data));
  const rows = new Float64Array(h);
  const cols = new Float64Array(w);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (small.data[y * w + x] > level) {
        rows[y]++;
        cols[x]++;
      }
  const span = (counts: Float64Array, total: number): [number, number] => {
    let first = counts.findIndex((c) => c / total >= 0.3);
    let last = counts.length - 1 - [...counts].reverse().findIndex((c) => c / total >= 0.3);
    if (first < 0) [first, last] = [0, counts.length - 1];
    return [first, last];
  };
  // A shadow band at the paper's edge leaves that strip below the paper level: widen the span over the print next to it.
  const ink = inkProfile(small.data, w, h);
  const [x0, x1] = widen(span(cols, h), ink.cols, GAP);
  const [y0, y1] = widen(span(rows, w), ink.rows, GAP);
  const scale = width / w;
  const margin = Math.round(0.02 * Math.max(width, height));
  const left = Math.max(0, Math.floor(x0 * scale) - margin);
  const top = Math.max(0, Math.floor(y0 * (height / h)) - margin);
  const right = Math.min(width, Math.ceil((x1 + 1) * scale) + margin);
  const bottom = Math.min(height, Math.ceil((y1 + 1) * (height / h)) + margin);
  const keep =
    (right - left) * (bottom - top) < 0.9 * width * height &&
    right - left > width * 0.15 &&
    bottom - top > height * 0.15 &&
    inkInside(small.data, w, h, [left / scale, top / (height / h), right / scale, bottom / (height / h)]) >= INK_KEPT;
  let out = { grey, width, height };
  if (keep) {
    const cropped = await sharp(grey, { raw }).extract({ left, top, width: right - left, height: bottom - top }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    out = { grey: cropped.data, width: cropped.info.width, height: cropped.info.height };
  }
  const png = await sharp(out.grey, { raw: { width: out.width, height: out.height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
  return { png, ...out };
}

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * RGBA pixels of a rotated/cropped view, for the barcode reader: `lowerFraction` keeps the foot of the view after
 * rotating (where the timbre is printed), `skew` straightens a photo taken slightly askew.
 */
export async function rgbaView(image: WorkingImage, rotation: Rotation, lowerFraction = 1, scale = 1, skew = 0): Promise<RgbaImage> {
  const raw = { width: image.width, height: image.height, channels: 1 as const };
  let grey = image.grey;
  let [w, h] = [image.width, image.height];
  if (rotation || skew) {
    const turned = await sharp(grey, { raw }).rotate(rotation + skew, { background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    [grey, w, h] = [turned.data, turned.info.width, turned.info.height];
  }
  if (lowerFraction < 1) {
    const top = Math.floor(h * (1 - lowerFraction));
    grey = grey.subarray(top * w);
    h -= top;
  }
  if (scale !== 1) {
    const resized = await sharp(grey, { raw: { width: w, height: h, channels: 1 } }).resize({ width: Math.round(w * scale), kernel: 'lanczos3' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    [grey, w, h] = [resized.data, resized.info.width, resized.info.height];
  }
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0, j = 0; i < w * h; i++, j += 4) {
    const v = grey[i];
    data[j] = v;
    data[j + 1] = v;
    data[j + 2] = v;
    data[j + 3] = 255;
  }
  return { data, width: w, height: h };
}

/**
 * Skew of the text lines of the upright view, in degrees, by projection profile: on a small copy, the dark pixels are
 * projected onto rows along each candidate slope (±10°); the slope at which the rows are most unequal (text lines
 * fall on few rows, gaps on none) is the lines' slope. Answers the turn that straightens them (for sharp's rotate).
 */
export async function estimateSkew(image: WorkingImage, rotation: Rotation): Promise<number> {
  const small = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(rotation)
    .resize({ width: 640, height: 640, fit: 'inside' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [w, h] = [small.info.width, small.info.height];
  const data = small.data;
  // Ink is what is clearly darker than its surroundings: shadows, light falloff and a dark table are not.
  const background = await sharp(data, { raw: { width: w, height: h, channels: 1 } }).blur(6).toColourspace('b-w').raw().toBuffer();
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] + 30 < background[y * w + x]) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200) return 0;
  const step = Math.max(1, Math.floor(xs.length / 40_000));
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    const off = Math.ceil(Math.abs(t) * w) + 1;
    const rows = new Float64Array(h + 2 * off);
    for (let i = 0; i < xs.length; i += step) rows[Math.round(ys[i] - xs[i] * t) + off]++;
    let sum = 0;
    for (const r of rows) sum += r * r;
    return sum;
  };
  let best = 0;
  let bestScore = score(0);
  for (let deg = -10; deg <= 10; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  for (let deg = best - 0.4; deg <= best + 0.4; deg += 0.1) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  return -Math.round(best * 10) / 10;
}

/**
 * The image turned so its text reads upright, as PNG for the OCR engine; `maxSide` shrinks it for a quick probe,
 * `mask` (in upright coordinates) is painted white.
 */
export async function ocrView(image: WorkingImage, rotation: Rotation, maxSide?: number, mask?: { left: number; top: number; width: number; height: number } | null, skew = 0): Promise<Buffer> {
  let pipeline = sharp(image.png).rotate(rotation);
  if (mask && mask.width > 0 && mask.height > 0) {
    const white = await sharp({ create: { width: mask.width, height: mask.height, channels: 3, background: '#ffffff' } }).png().toBuffer();
    pipeline = sharp(await pipeline.composite([{ input: white, left: mask.left, top: mask.top }]).png({ compressionLevel: 0 }).toBuffer());
  }
  // Straighten lines tilted a degree or more: tesseract reads a line that drifts across rows as two broken ones.
  if (Math.abs(skew) >= 1) pipeline = sharp(await pipeline.png({ compressionLevel: 0 }).toBuffer()).rotate(skew, { background: '#ffffff' });
  // Only a really small picture is enlarged (twice): three times read no better on the 400 px photos, and costs time.
  if (Math.max(image.width, image.height) < 600) pipeline = pipeline.resize({ width: Math.round((rotation % 180 ? image.height : image.width) * 2) });
  else if (maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

/** A PNG's width in pixels, from its header. */
export async function imageWidth(png: Buffer): Promise<number> {
  return (await sharp(png).metadata()).width ?? 0;
}

/** The OCR view shrunk to `scale` of its width: blurred print often reads better smaller (see pipeline.ts smallerLooks). */
export async function shrunkView(view: Buffer, scale: number): Promise<Buffer> {
  return sharp(view)
    .resize({ width: Math.max(32, Math.round((await imageWidth(view)) * scale)) })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
