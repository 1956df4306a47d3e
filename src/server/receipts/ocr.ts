import { copyFile, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

export interface OcrResult {
  text: string;
  /** Mean word confidence 0..100. */
  confidence: number;
  /** Words tesseract is fairly sure of: a cheap measure of whether the page was upright. */
  solidWords: number;
}

/**
 * One tesseract worker per reader thread, created on first use and reused: loading the Spanish and English models
 * costs ~0.5 s, a receipt ~0.5–1.5 s. The two languages share one worker, so both are tried on every line.
 */
export class OcrEngine {
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
