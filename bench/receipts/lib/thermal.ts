/**
 * Renders a thermal-printer receipt (576 dots wide = 80 mm paper at 203 dpi) from monospace lines to PNG through
 * SVG + librsvg, with an optional PDF417 timbre and its caption below the text.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { escapeXml } from './format.js';

export interface StyledLine {
  text: string;
  /** A second text flush right on the same line (proportional-font layouts). */
  right?: string;
  align?: 'left' | 'center' | 'right';
  bold?: boolean;
  /** Double-size print (store name, TOTAL on some printers). */
  big?: boolean;
  /** Lighter print (a fading thermal head). */
  faint?: boolean;
}
export type PrintLine = string | StyledLine;

export interface ThermalOptions {
  /** Characters per line; the font size follows. 42 is the usual 80 mm layout, 48 a condensed one. */
  cols?: number;
  width?: number;
  font?: 'DejaVu Sans Mono' | 'DejaVu Sans';
  ink?: string;
  paper?: string;
  timbre?: { png: Buffer; caption: string[] };
  /** Lines printed after the timbre (greetings, web sites). */
  footer?: PrintLine[];
}

export interface ThermalImage {
  png: Buffer;
  width: number;
  height: number;
  /** Where the barcode sits (for photo degradations that target it). */
  timbreBox: { left: number; top: number; width: number; height: number } | null;
}

const CHAR_W = 0.6021; // DejaVu Sans Mono advance width per em

interface Ctx {
  width: number;
  left: number;
  fontSize: number;
  font: string;
  ink: string;
}

function svgLines(lines: PrintLine[], top: number, ctx: Ctx): { svg: string; bottom: number } {
  const { width, left, fontSize, font, ink } = ctx;
  const lineH = Math.round(fontSize * 1.28);
  let y = top;
  const out: string[] = [];
  for (const raw of lines) {
    const line: StyledLine = typeof raw === 'string' ? { text: raw } : raw;
    const size = line.big ? Math.round(fontSize * 1.55) : fontSize;
    const h = line.big ? Math.round(lineH * 1.5) : lineH;
    y += h;
    if (!line.text.trim() && !line.right) continue;
    const align = line.align ?? 'left';
    const x = align === 'left' ? left : align === 'right' ? width - left : width / 2;
    const anchor = align === 'left' ? 'start' : align === 'right' ? 'end' : 'middle';
    const weight = line.bold || line.big ? ' font-weight="bold"' : '';
    const fill = line.faint ? ' fill-opacity="0.55"' : '';
    const base = y - Math.round(h * 0.25);
    const attrs = `font-family="${font}" font-size="${size}"${weight}${fill} fill="${ink}" xml:space="preserve"`;
    out.push(`<text x="${x}" y="${base}" text-anchor="${anchor}" ${attrs}>${escapeXml(line.text)}</text>`);
    if (line.right) out.push(`<text x="${width - left}" y="${base}" text-anchor="end" ${attrs}>${escapeXml(line.right)}</text>`);
  }
  return { svg: out.join('\n'), bottom: y };
}

export async function renderThermal(lines: PrintLine[], opts: ThermalOptions = {}): Promise<ThermalImage> {
  const width = opts.width ?? 576;
  const cols = opts.cols ?? 42;
  const font = opts.font ?? 'DejaVu Sans Mono';
  const fontSize = Math.floor(((width - 24) / cols / CHAR_W) * 10) / 10;
  const ink = opts.ink ?? '#161616';
  const paper = opts.paper ?? '#ffffff';

  const ctx: Ctx = { width, left: Math.round((width - cols * fontSize * CHAR_W) / 2), fontSize, font, ink };
  const body = svgLines(lines, 28, ctx);
  let y = body.bottom + 24;
  let timbreBox: ThermalImage['timbreBox'] = null;
  let caption = { svg: '', bottom: y };
  const composites: OverlayOptions[] = [];
  if (opts.timbre) {
    const meta = await sharp(opts.timbre.png).metadata();
    let bw = meta.width ?? 0;
    let bh = meta.height ?? 0;
    let png = opts.timbre.png;
    if (bw > width - 8) {
      // Never wider than the paper: scale down to fit (keeps whole modules readable at ≥ 1.8 px).
      bh = Math.round((bh * (width - 8)) / bw);
      bw = width - 8;
      png = await sharp(png).resize(bw, bh, { kernel: 'nearest' }).png().toBuffer();
    }
    timbreBox = { left: Math.round((width - bw) / 2), top: y, width: bw, height: bh };
    composites.push({ input: png, left: timbreBox.left, top: timbreBox.top });
    y += bh;
    caption = svgLines(
      opts.timbre.caption.map((text) => ({ text, align: 'center' as const })),
      y,
      { ...ctx, fontSize: Math.round(fontSize * 0.9) },
    );
    y = caption.bottom;
  }
  const footer = opts.footer?.length ? svgLines(opts.footer, y + 10, ctx) : { svg: '', bottom: y };
  const height = Math.ceil(footer.bottom + 40);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/>${body.svg}${caption.svg}${footer.svg}</svg>`;
  const png = await sharp(Buffer.from(svg)).composite(composites).flatten({ background: paper }).png().toBuffer();
  return { png, width, height, timbreBox };
}
