/**
 * Phone-photo and scanner damage at the strength seen on real expense receipts: a projective warp (rotation up to
 * ±8°, perspective), uneven light, shadow bands, fold creases, sensor noise, blur, low resolution and JPEG 50-70.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { Rng } from './rng.js';

export interface Damage {
  rotationDeg: number;
  /** Corner displacement as a fraction of the paper's size (0 = seen from straight above). */
  perspective: number;
  /** Output pixels per paper pixel. */
  scale: number;
  /** Exact output width in pixels (the 400 px photos); overrides scale. */
  width?: number;
  blurSigma: number;
  shadowBands: number;
  creases: number;
  jpegQuality: number;
  /** Darkest corner of the light falloff, 1 = even light. */
  light: number;
  noise: number;
  table: [number, number, number];
}

const TABLES: Array<[number, number, number]> = [
  [120, 90, 60],
  [70, 70, 75],
  [190, 185, 175],
  [40, 42, 48],
  [150, 120, 90],
  [210, 210, 205],
];

export function randomDamage(rng: Rng, level: 'normal' | 'low-res' | 'tiny' = 'normal'): Damage {
  return {
    rotationDeg: rng.range(-8, 8),
    perspective: rng.range(0, 0.06),
    scale: level === 'low-res' ? rng.range(0.5, 0.65) : rng.range(0.75, 1.2),
    width: level === 'tiny' ? 400 : undefined,
    blurSigma: rng.range(0.4, 1.4),
    shadowBands: rng.pick([0, 1, 1, 2]),
    creases: rng.pick([0, 0, 1, 2]),
    jpegQuality: rng.int(50, 70),
    light: rng.range(0.7, 0.97),
    noise: rng.range(3, 10),
    table: rng.pick(TABLES),
  };
}

/** Homography taking the four `from` points to the four `to` points (h33 = 1). */
function homography(from: number[][], to: number[][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

interface Line {
  /** Unit normal and offset: distance = nx*x + ny*y - d. */
  nx: number;
  ny: number;
  d: number;
}

function randomLine(rng: Rng, w: number, h: number, nearHorizontal: boolean): Line {
  const angle = (nearHorizontal ? Math.PI / 2 : 0) + rng.range(-0.25, 0.25) + (rng.chance(0.3) ? Math.PI / 2 : 0);
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  const px = rng.range(0.15, 0.85) * w;
  const py = rng.range(0.15, 0.85) * h;
  return { nx, ny, d: nx * px + ny * py };
}

/** A photo of the paper lying on a table, as a JPEG. */
export async function photograph(doc: Canvas, o: Damage, rng: Rng): Promise<Buffer> {
  const w = doc.width;
  const h = doc.height;
  const src = doc.getContext('2d').getImageData(0, 0, w, h).data;
  const theta = (o.rotationDeg * Math.PI) / 180;
  const cos = Math.abs(Math.cos(theta));
  const sin = Math.abs(Math.sin(theta));
  const pad = rng.range(1.06, 1.25);
  const W = Math.ceil((w * cos + h * sin) * pad);
  const H = Math.ceil((w * sin + h * cos) * pad);
  const p = o.perspective * Math.max(w, h);
  // The camera leans toward one edge: that edge comes out shorter, plus a little random play at every corner.
  const lean = rng.int(0, 3);
  const corners = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y], i) => {
    const shrinkX = (lean === 0 && i < 2) || (lean === 2 && i >= 2) ? -Math.sign(x) * p * 0.6 : 0;
    const shrinkY = (lean === 1 && (i === 1 || i === 2)) || (lean === 3 && (i === 0 || i === 3)) ? -Math.sign(y) * p * 0.6 : 0;
    const jx = x + shrinkX + rng.range(-p, p) * 0.3;
    const jy = y + shrinkY + rng.range(-p, p) * 0.3;
    return [W / 2 + jx * Math.cos(theta) - jy * Math.sin(theta), H / 2 + jx * Math.sin(theta) + jy * Math.cos(theta)];
  });
  const m = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);

  const creases = Array.from({ length: o.creases }, () => randomLine(rng, w, h, true));
  const bands = Array.from({ length: o.shadowBands }, () => ({ line: randomLine(rng, W, H, false), width: rng.range(0.08, 0.3) * Math.min(W, H), depth: rng.range(0.25, 0.5) }));
  const lightX = rng.range(0, W);
  const lightY = rng.range(0, H);
  const lightR = Math.hypot(W, H);
  const [tr, tg, tb] = o.table;

  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const z = m[6] * x + m[7] * y + m[8];
      let u = (m[0] * x + m[1] * y + m[2]) / z;
      let v = (m[3] * x + m[4] * y + m[5]) / z;
      let r: number;
      let g: number;
      let b: number;
      if (u >= 0 && v >= 0 && u < w - 1 && v < h - 1) {
        let shade = 1;
        for (const c of creases) {
          const dist = c.nx * u + c.ny * v - c.d;
          // A fold: a dark valley on one side, a lit ridge on the other, and the print shifted by a pixel across it.
          if (Math.abs(dist) < 6) {
            shade *= dist < 0 ? 0.72 + 0.28 * (-dist / 6) : 1.06;
            u += c.nx * 1.2;
            v += c.ny * 1.2;
          }
        }
        const x0 = Math.floor(Math.min(Math.max(u, 0), w - 2));
        const y0 = Math.floor(Math.min(Math.max(v, 0), h - 2));
        const fx = u - x0;
        const fy = v - y0;
        const i00 = (y0 * w + x0) * 4;
        const i10 = i00 + 4;
        const i01 = i00 + w * 4;
        const i11 = i01 + 4;
        const lerp = (k: number) => (src[i00 + k] * (1 - fx) + src[i10 + k] * fx) * (1 - fy) + (src[i01 + k] * (1 - fx) + src[i11 + k] * fx) * fy;
        r = lerp(0) * shade;
        g = lerp(1) * shade;
        b = lerp(2) * shade;
      } else {
        const grain = ((x * 7919 + y * 104729) % 23) - 11;
        r = tr + grain;
        g = tg + grain;
        b = tb + grain;
      }
      let k = 1 - (1 - o.light) * (Math.hypot(x - lightX, y - lightY) / lightR);
      for (const band of bands) {
        const dist = Math.abs(band.line.nx * x + band.line.ny * y - band.line.d);
        if (dist < band.width) k *= 1 - band.depth * Math.min(1, (band.width - dist) / (band.width * 0.3));
      }
      const n = (rng.next() - 0.5) * 2 * o.noise;
      const i = (y * W + x) * 3;
      out[i] = Math.max(0, Math.min(255, r * k + n));
      out[i + 1] = Math.max(0, Math.min(255, g * k + n));
      out[i + 2] = Math.max(0, Math.min(255, b * k * 0.97 + n));
    }
  }
  const width = o.width ?? Math.round(W * o.scale);
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(Math.max(0.3, o.blurSigma))
    .resize({ width })
    .jpeg({ quality: o.jpegQuality })
    .toBuffer();
}

/** A flatbed scan: nearly straight, greyish paper, toner noise, modest resolution, JPEG. */
export async function scan(doc: Canvas, rng: Rng, quality = rng.int(50, 70)): Promise<Buffer> {
  const angle = rng.range(-1.8, 1.8);
  const c = createCanvas(doc.width, doc.height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#f4f4f1';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.translate(c.width / 2, c.height / 2);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.drawImage(doc, -doc.width / 2, -doc.height / 2);
  const img = ctx.getImageData(0, 0, c.width, c.height);
  const d = img.data;
  const noise = rng.range(4, 12);
  for (let i = 0; i < d.length; i += 4) {
    const n = (rng.next() - 0.5) * 2 * noise;
    const toner = rng.chance(0.0008) ? -120 : 0;
    for (let k = 0; k < 3; k++) d[i + k] = Math.max(0, Math.min(255, d[i + k] * 0.96 + 4 + n + toner));
  }
  ctx.putImageData(img, 0, 0);
  return sharp(c.toBuffer('image/png'))
    .blur(rng.range(0.4, 0.9))
    .grayscale(rng.chance(0.6))
    .jpeg({ quality })
    .toBuffer();
}
