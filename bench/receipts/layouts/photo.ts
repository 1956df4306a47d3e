/**
 * Phone photos of paper receipts: the rendered receipt on a table (coloured, unevenly lit background, shadow),
 * skewed a few degrees, scaled, blurred, brightness/contrast changed, noisy, JPEG-compressed, sometimes turned
 * 90/180/270 (with or without an EXIF orientation that puts it upright).
 */
import sharp, { type Sharp } from 'sharp';
import type { Rng } from '../lib/random.js';
import type { ThermalImage } from '../lib/thermal.js';

/** A 1-channel raw buffer near white with dark speckles, for a 'multiply' composite. */
export function noiseOverlay(rng: Rng, width: number, height: number, amplitude: number): Buffer {
  const buf = Buffer.alloc(width * height);
  for (let i = 0; i < buf.length; i++) buf[i] = 255 - Math.floor(rng.float() * rng.float() * amplitude);
  return buf;
}

/** Smooth low-frequency field (lighting, table texture): a tiny random grid upsampled. */
async function smoothField(rng: Rng, width: number, height: number, base: [number, number, number], spread: number): Promise<Raw> {
  const gw = 6;
  const gh = 6;
  const grid = Buffer.alloc(gw * gh * 3);
  for (let i = 0; i < gw * gh; i++) {
    const k = rng.float(-spread, spread);
    for (let c = 0; c < 3; c++) grid[i * 3 + c] = Math.max(0, Math.min(255, Math.round(base[c] + k + rng.float(-spread / 4, spread / 4))));
  }
  return raw(sharp(grid, { raw: { width: gw, height: gh, channels: 3 } }).resize(width, height, { kernel: 'cubic' }));
}

export interface PhotoOptions {
  /** Quarter turns of the pixels (the phone held sideways). */
  turn: 0 | 90 | 180 | 270;
  /** Write an EXIF orientation that makes the turned pixels display upright. */
  exif: boolean;
  /** Small tilt in degrees (±3). */
  skew: number;
  blur: number;
  quality: number;
  brightness: number;
  contrast: number;
  /** Receipt width in the photo relative to its 576-dot rendering. */
  scale: number;
  background: [number, number, number];
  /** Cut the photo off through the middle of the timbre (barcode unreadable). */
  cropTimbre?: boolean;
  /** A glare/smear over the timbre (barcode unreadable). */
  smearTimbre?: boolean;
}

const TABLES: Array<[number, number, number]> = [
  [120, 84, 58], // wood
  [92, 96, 104], // grey desk
  [40, 44, 52], // dark
  [170, 160, 140], // beige
  [60, 90, 120], // blue cloth
  [200, 200, 196], // white desk
];

export function randomPhotoOptions(rng: Rng, overrides: Partial<PhotoOptions> = {}): PhotoOptions {
  const turn = rng.chance(0.4) ? rng.pick([90, 180, 270] as const) : 0;
  return {
    turn,
    exif: turn !== 0 && rng.chance(0.5),
    skew: Math.round(rng.float(-3, 3) * 10) / 10,
    blur: Math.round(rng.float(0.6, 1.2) * 100) / 100,
    quality: rng.int(45, 70),
    brightness: Math.round(rng.float(0.8, 1.12) * 100) / 100,
    contrast: Math.round(rng.float(0.75, 1.15) * 100) / 100,
    // A phone photo of an 80 mm receipt is 800–1200 px wide: 1.4–2× the 576-dot print.
    scale: Math.round(rng.float(1.4, 2.0) * 100) / 100,
    background: rng.pick(TABLES),
    ...overrides,
  };
}

/** EXIF orientation that shows pixels turned clockwise by the key upright again (8: turn 90° CCW to view, 6: 90° CW). */
const EXIF_FOR_TURN: Record<number, number> = { 90: 8, 180: 3, 270: 6 };

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}
/** Intermediate images stay raw pixels: encoding PNGs between steps cost more than the steps. */
const raw = async (img: Sharp): Promise<Raw> => {
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels as Raw['info']['channels'] } };
};
const load = (r: Raw) => sharp(r.data, { raw: r.info });
const input = (r: Raw) => ({ input: r.data, raw: r.info });

export async function photograph(receipt: ThermalImage, rng: Rng, o: PhotoOptions): Promise<{ jpg: Buffer; tags: string[] }> {
  const tags = [`skew:${o.skew}`, `blur:${o.blur}`, `jpeg:${o.quality}`, `scale:${o.scale}`];
  let paper = await raw(sharp(receipt.png).removeAlpha().linear([0.98, 0.96, 0.92], [0, 0, 0]));
  let height = receipt.height;
  const box = receipt.timbreBox;
  if (o.smearTimbre && box) {
    // A wet smear across the barcode: the modules run into each other.
    const top = box.top + Math.round(box.height * 0.2);
    const region = await raw(load(paper).extract({ left: box.left, top, width: box.width, height: Math.round(box.height * 0.6) }).blur(9).modulate({ brightness: 1.15 }));
    paper = await raw(load(paper).composite([{ ...input(region), left: box.left, top }]));
    tags.push('timbre-smeared');
  }
  if (o.cropTimbre && box) {
    height = box.top + Math.round(box.height * 0.4);
    paper = await raw(load(paper).extract({ left: 0, top: 0, width: receipt.width, height }));
    tags.push('timbre-cropped');
  }
  const rw = Math.round(receipt.width * o.scale);
  const rh = Math.round(height * o.scale);
  const scaled = await raw(load(paper).resize(rw, rh, { kernel: 'lanczos3' }));

  const mx = Math.round(rw * rng.float(0.08, 0.22));
  const myTop = Math.round(rw * rng.float(0.06, 0.18));
  const myBottom = o.cropTimbre ? 0 : Math.round(rw * rng.float(0.06, 0.18));
  const cw = rw + 2 * mx;
  const ch = rh + myTop + myBottom;
  const table = await smoothField(rng, cw, ch, o.background, 22);
  // Soft shadow: drawn small, blurred, enlarged (a full-size sigma-10 blur is slow).
  const k = 8;
  const shadowSmall = sharp({ create: { width: Math.round((rw + 24) / k), height: Math.round((rh + 24) / k), channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.45 } } })
    .extend({ top: 3, bottom: 3, left: 3, right: 3, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(1.3);
  const shadow = await raw(sharp(await shadowSmall.png().toBuffer()).resize(rw + 24 + 6 * k, rh + 24 + 6 * k));
  const light = await smoothField(rng, cw, ch, [235, 235, 235], 22);
  const bg = `rgb(${o.background.join(',')})`;
  const scene = await raw(
    load(table).composite([
      { ...input(shadow), left: mx - 3 * k - 6, top: myTop - 3 * k - 4 },
      { ...input(scaled), left: mx, top: myTop },
      { ...input(light), blend: 'multiply' },
    ]),
  );
  const tilted = await raw(load(scene).rotate(o.skew, { background: bg }));
  const { width: w, height: h } = tilted.info;
  let out = load(tilted)
    .composite([{ input: noiseOverlay(rng, w, h, 40), raw: { width: w, height: h, channels: 1 }, blend: 'multiply' }])
    .blur(o.blur)
    .linear(o.contrast, 128 * (1 - o.contrast))
    .modulate({ brightness: o.brightness });
  tags.push(`brightness:${o.brightness}`, `contrast:${o.contrast}`);
  if (o.turn) {
    // Pixels turned so the picture is sideways/upside down; with EXIF the viewer turns it back.
    out = load(await raw(out)).rotate(o.turn);
    if (o.exif) out = out.withMetadata({ orientation: EXIF_FOR_TURN[o.turn] });
    tags.push(o.exif ? `exif-turn:${o.turn}` : `turn:${o.turn}`);
  }
  return { jpg: await out.jpeg({ quality: o.quality }).toBuffer(), tags };
}
