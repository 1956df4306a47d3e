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
    const { data: png, info } = await open(data)
      .rotate() // EXIF orientation
      .flatten({ background: '#ffffff' })
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .normalise()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height };
  } catch (err) {
    throw decodeFailure(err);
  }
}

function decodeFailure(err: unknown): ReadFailure {
  return new ReadFailure(err instanceof Error && /pixel limit/i.test(err.message) ? 'too_many_pixels' : 'corrupt_image');
}

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * RGBA pixels of a rotated/cropped view, for the barcode reader. `region` keeps the lower `fraction` of the view
 * after rotating (the timbre is printed at the foot of the document).
 */
export async function rgbaView(image: WorkingImage, rotation: Rotation, lowerFraction = 1, scale = 1): Promise<RgbaImage> {
  let pipeline = sharp(image.png).rotate(rotation);
  const [w, h] = rotation === 90 || rotation === 270 ? [image.height, image.width] : [image.width, image.height];
  if (lowerFraction < 1) {
    const top = Math.floor(h * (1 - lowerFraction));
    pipeline = sharp(await pipeline.png({ compressionLevel: 0 }).toBuffer()).extract({ left: 0, top, width: w, height: h - top });
  }
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.round(w * scale), kernel: 'lanczos3' });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The image turned so its text reads upright, as PNG for the OCR engine; `maxSide` shrinks it for a quick probe. */
export async function ocrView(image: WorkingImage, rotation: Rotation, maxSide?: number): Promise<Buffer> {
  let pipeline = sharp(image.png).rotate(rotation);
  if (maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  // Only a really small picture is enlarged: tesseract wants ~20 px capitals, and enlarging more just costs time.
  else if (Math.max(image.width, image.height) < 600) pipeline = pipeline.resize({ width: Math.round((rotation % 180 ? image.height : image.width) * 2) });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}
