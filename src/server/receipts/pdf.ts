import { PDFParse, PasswordException } from 'pdf-parse';
import { ReadFailure } from './errors.js';

/** Receipts and facturas are one or two pages; a 300-page upload is read only this far. */
const MAX_PAGES = 3;
/** Rendering width for a scanned page: ~200 dpi on A4, enough for OCR and the timbre. */
const RENDER_WIDTH = 1700;
/** A page drawn larger than this would be a memory bomb (a 5 m long "receipt"): it is rendered smaller instead. */
const MAX_RENDER_PIXELS = 12_000_000;
/** A page with fewer printable characters than this is a scan (or an empty page). */
const MIN_TEXT_CHARS = 40;

export interface PdfContent {
  /** Text layer of the first pages, or '' for a scan. */
  text: string;
  hasTextLayer: boolean;
  /** Embedded raster images (PNG) large enough to hold a timbre: the cheap place to look for it. */
  images(): Promise<Buffer[]>;
  /** The first pages rendered to PNG. */
  render(pages?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function openPdf(data: Buffer): Promise<PdfContent> {
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  let text: string;
  try {
    const result = await parser.getText({ first: MAX_PAGES });
    text = result.pages.map((p) => p.text).join('\n');
  } catch (err) {
    await parser.destroy().catch(() => undefined);
    throw new ReadFailure(err instanceof PasswordException ? 'encrypted_pdf' : 'corrupt_pdf');
  }
  const hasTextLayer = text.replace(/\s+/g, '').length >= MIN_TEXT_CHARS;
  return {
    text: hasTextLayer ? text : '',
    hasTextLayer,
    async images() {
      const result = await parser.getImage({ first: MAX_PAGES, imageBuffer: true, imageDataUrl: false, imageThreshold: 80 });
      return result.pages.flatMap((p) => p.images.map((i) => Buffer.from(i.data)));
    },
    async render(pages = 1) {
      const first = Math.min(pages, MAX_PAGES);
      const info = await parser.getInfo({ parsePageInfo: true, first });
      const sizes = info.pages.map((p) => ({ w: Math.max(1, p.width), h: Math.max(1, p.height) }));
      // One scale for all pages: RENDER_WIDTH wide, unless that would exceed the pixel budget.
      const scale = Math.min(...sizes.map(({ w, h }) => Math.min(RENDER_WIDTH / w, Math.sqrt(MAX_RENDER_PIXELS / (w * h)))));
      const result = await parser.getScreenshot({ first, scale, imageBuffer: true, imageDataUrl: false });
      return result.pages.map((p) => Buffer.from(p.data));
    },
    close: () => parser.destroy(),
  };
}
