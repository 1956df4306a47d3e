/** Drawing documents on a canvas: printed lines, handwriting, stamps, pre-printed red numbers, timbre look-alikes. */
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Rng } from './rng.js';

const FONT_FILES: Record<string, string> = {
  Mono: 'liberation/LiberationMono-Regular.ttf',
  MonoBold: 'liberation/LiberationMono-Bold.ttf',
  DejaMono: 'dejavu/DejaVuSansMono.ttf',
  DejaMonoBold: 'dejavu/DejaVuSansMono-Bold.ttf',
  Sans: 'liberation/LiberationSans-Regular.ttf',
  SansBold: 'liberation/LiberationSans-Bold.ttf',
  Narrow: 'liberation/LiberationSansNarrow-Regular.ttf',
  NarrowBold: 'liberation/LiberationSansNarrow-Bold.ttf',
  Cond: 'dejavu/DejaVuSansCondensed.ttf',
  CondBold: 'dejavu/DejaVuSansCondensed-Bold.ttf',
  Serif: 'liberation/LiberationSerif-Regular.ttf',
  SerifBold: 'liberation/LiberationSerif-Bold.ttf',
  // No handwriting font is installed: italics drawn glyph by glyph with jitter stand in for a hand.
  HandSerif: 'liberation/LiberationSerif-Italic.ttf',
  HandDeja: 'dejavu/DejaVuSerif-Italic.ttf',
  HandSans: 'dejavu/DejaVuSans-Oblique.ttf',
  HandNarrow: 'liberation/LiberationSansNarrow-Italic.ttf',
};

let fontsReady = false;
function registerFonts() {
  if (fontsReady) return;
  for (const [alias, file] of Object.entries(FONT_FILES)) {
    if (!GlobalFonts.registerFromPath(`/usr/share/fonts/truetype/${file}`, alias)) throw new Error(`Falta la fuente ${file} (fonts-liberation, fonts-dejavu)`);
  }
  fontsReady = true;
}

export type Family = keyof typeof FONT_FILES;
export type Align = 'left' | 'right' | 'center';

export interface TextOptions {
  size?: number;
  family?: Family;
  align?: Align;
  color?: string;
  /** Left or right edge (by align); defaults to the margins. */
  x?: number;
  /** Line height as a multiple of size. */
  lead?: number;
}

export interface Writer {
  family: Family;
  color: string;
  /** Horizontal shear of the letters. */
  slant: number;
  /** Average tilt of a written line, radians. */
  drift: number;
}

export function randomWriter(rng: Rng): Writer {
  return {
    family: rng.pick(['HandSerif', 'HandDeja', 'HandSans', 'HandNarrow'] as const),
    color: rng.pick(['#1b2a8c', '#14206b', '#202020', '#23309e', '#0d1a5a']),
    slant: rng.range(-0.15, 0.3),
    drift: rng.range(-0.025, 0.025),
  };
}

export class Paper {
  readonly canvas: Canvas;
  readonly ctx: SKRSContext2D;
  y: number;
  family: Family;
  size: number;
  color: string;

  constructor(
    readonly width: number,
    height: number,
    readonly margin: number,
    opts: { paper?: string; family?: Family; size?: number; color?: string } = {},
  ) {
    registerFonts();
    this.canvas = createCanvas(width, height);
    this.ctx = this.canvas.getContext('2d');
    this.ctx.fillStyle = opts.paper ?? '#ffffff';
    this.ctx.fillRect(0, 0, width, height);
    this.y = margin;
    this.family = opts.family ?? 'Mono';
    this.size = opts.size ?? 22;
    this.color = opts.color ?? '#111111';
  }

  font(size: number, family: Family = this.family) {
    this.ctx.font = `${size}px ${family}`;
  }

  /** Writes one line and moves down; \n splits lines. */
  text(s: string, o: TextOptions = {}): this {
    for (const line of s.split('\n')) {
      const size = o.size ?? this.size;
      this.font(size, o.family);
      this.ctx.fillStyle = o.color ?? this.color;
      const align = o.align ?? 'left';
      this.ctx.textAlign = align;
      const x = o.x ?? (align === 'left' ? this.margin : align === 'right' ? this.width - this.margin : this.width / 2);
      this.y += size;
      this.ctx.fillText(line, x, this.y);
      this.y += size * ((o.lead ?? 1.3) - 1);
    }
    this.ctx.textAlign = 'left';
    return this;
  }

  /** Label on the left, value on the right, on one line. */
  row(left: string, right: string, o: TextOptions = {}): this {
    const size = o.size ?? this.size;
    this.font(size, o.family);
    this.ctx.fillStyle = o.color ?? this.color;
    this.y += size;
    this.ctx.textAlign = 'left';
    this.ctx.fillText(left, o.x ?? this.margin, this.y);
    this.ctx.textAlign = 'right';
    this.ctx.fillText(right, this.width - this.margin, this.y);
    this.ctx.textAlign = 'left';
    this.y += size * ((o.lead ?? 1.3) - 1);
    return this;
  }

  /** Cells at fixed x positions on one line: [text, x, align]. */
  cols(cells: Array<[string, number, Align?]>, o: TextOptions = {}): this {
    const size = o.size ?? this.size;
    this.font(size, o.family);
    this.ctx.fillStyle = o.color ?? this.color;
    this.y += size;
    for (const [s, x, align] of cells) {
      this.ctx.textAlign = align ?? 'left';
      this.ctx.fillText(s, x, this.y);
    }
    this.ctx.textAlign = 'left';
    this.y += size * ((o.lead ?? 1.3) - 1);
    return this;
  }

  rule(style: 'solid' | 'dashed' | 'chars' = 'dashed', char = '-'): this {
    const y = this.y + this.size * 0.6;
    if (style === 'chars') return this.text(char.repeat(Math.floor((this.width - 2 * this.margin) / (this.size * 0.6))), {});
    this.ctx.strokeStyle = this.color;
    this.ctx.lineWidth = 2;
    this.ctx.setLineDash(style === 'dashed' ? [8, 6] : []);
    this.ctx.beginPath();
    this.ctx.moveTo(this.margin, y);
    this.ctx.lineTo(this.width - this.margin, y);
    this.ctx.stroke();
    this.ctx.setLineDash([]);
    this.y += this.size * 1.2;
    return this;
  }

  gap(px: number): this {
    this.y += px;
    return this;
  }

  box(x: number, y: number, w: number, h: number, color = this.color, lineWidth = 2) {
    this.ctx.strokeStyle = color;
    this.ctx.lineWidth = lineWidth;
    this.ctx.strokeRect(x, y, w, h);
  }

  line(x1: number, y1: number, x2: number, y2: number, color = '#777', lineWidth = 1.5) {
    this.ctx.strokeStyle = color;
    this.ctx.lineWidth = lineWidth;
    this.ctx.beginPath();
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
    this.ctx.stroke();
  }

  /** Text at an absolute position (baseline y). */
  at(s: string, x: number, y: number, o: TextOptions = {}) {
    this.font(o.size ?? this.size, o.family);
    this.ctx.fillStyle = o.color ?? this.color;
    this.ctx.textAlign = o.align ?? 'left';
    this.ctx.fillText(s, x, y);
    this.ctx.textAlign = 'left';
  }

  /** Handwriting: glyph by glyph, each a little turned, scaled and lifted, the line drifting; returns the end x. */
  hand(s: string, x: number, y: number, size: number, w: Writer, rng: Rng): number {
    const ctx = this.ctx;
    let cx = x;
    let lift = 0;
    for (const ch of s) {
      const k = rng.range(0.88, 1.14);
      ctx.font = `${Math.round(size * k)}px ${w.family}`;
      const adv = ctx.measureText(ch).width;
      lift = lift * 0.7 + rng.range(-size * 0.05, size * 0.05);
      ctx.save();
      ctx.translate(cx, y + lift + (cx - x) * w.drift);
      ctx.rotate(rng.range(-0.09, 0.09));
      ctx.transform(1, 0, -w.slant, 1, 0, 0);
      ctx.fillStyle = w.color;
      ctx.globalAlpha = rng.range(0.82, 0.97);
      ctx.fillText(ch, 0, 0);
      // A ballpoint leaves a heavier line than a font outline.
      ctx.fillText(ch, 0.7, 0.4);
      ctx.restore();
      cx += adv * rng.range(0.92, 1.12) + (ch === ' ' ? size * 0.1 : 0);
    }
    return cx;
  }

  /** A signature: a few loops of a pen. */
  scribble(x: number, y: number, w: number, writer: Writer, rng: Rng) {
    const ctx = this.ctx;
    ctx.strokeStyle = writer.color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, y);
    let cx = x;
    while (cx < x + w) {
      const nx = cx + rng.range(15, 40);
      ctx.bezierCurveTo(cx + rng.range(-10, 30), y - rng.range(10, 40), nx + rng.range(-20, 10), y + rng.range(0, 25), nx, y + rng.range(-8, 8));
      cx = nx;
    }
    ctx.stroke();
  }

  /** A rubber stamp: framed lines in violet or blue ink, turned a little, with gaps where the ink didn't take. */
  stamp(lines: string[], cx: number, cy: number, rng: Rng) {
    const ctx = this.ctx;
    const size = 20;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(rng.range(-0.2, 0.2));
    ctx.globalAlpha = rng.range(0.6, 0.85);
    const color = rng.pick(['#5b2a86', '#2a3f9e', '#7a1f5c']);
    ctx.font = `${size}px SansBold`;
    const w = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 30;
    const h = lines.length * size * 1.35 + 20;
    ctx.strokeStyle = color;
    ctx.lineWidth = 3;
    ctx.strokeRect(-w / 2, -h / 2, w, h);
    ctx.fillStyle = color;
    ctx.textAlign = 'center';
    lines.forEach((l, i) => ctx.fillText(l, 0, -h / 2 + 10 + size * (i + 1) * 1.3 - 4));
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#ffffff';
    for (let i = 0; i < 60; i++) ctx.fillRect(rng.range(-w / 2, w / 2), rng.range(-h / 2, h / 2), rng.range(1, 4), rng.range(1, 3));
    ctx.restore();
  }

  /**
   * Something that looks like an SII timbre (a PDF417 block) without being one: random modules between start and
   * stop columns. It decodes to nothing, so this set measures reading the printed text, not the barcode.
   */
  timbreLookalike(rng: Rng, width: number, caption: string[], left?: number) {
    const ctx = this.ctx;
    const module = 3;
    const rows = 18;
    const rowH = module * 3;
    const x0 = left ?? (this.width - width) / 2;
    const y0 = this.y + 10;
    ctx.fillStyle = '#111';
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < width / module; c++) {
        const edge = c < 6 || c > width / module - 7;
        if (edge ? c % 2 === 0 : rng.chance(0.5)) ctx.fillRect(x0 + c * module, y0 + r * rowH, module, rowH);
      }
    }
    this.y = y0 + rows * rowH + 6;
    for (const line of caption) this.text(line, { align: 'center', size: Math.round(this.size * 0.8), x: x0 + width / 2 });
  }

  /** The paper cut just below what was drawn. */
  finish(extra = this.margin): Canvas {
    const h = Math.min(this.canvas.height, Math.ceil(this.y + extra));
    const out = createCanvas(this.width, h);
    out.getContext('2d').drawImage(this.canvas, 0, 0);
    return out;
  }
}
