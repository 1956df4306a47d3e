import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { type OcrEngine, PaddleEngine, worthReadingAgain } from '../../src/server/receipts/ocr.js';
import { analyzeReading, readDocument, SMALL_PRINT_CONFIDENCE, SMALL_PRINT_PX } from '../../src/server/receipts/pipeline.js';
import { thermalReceipt } from '../helpers/receipts.js';

const engine = new PaddleEngine();
afterAll(() => engine.close());

const LINES = ['RESTAURANT EL RINCON', 'BOLETA N° 5521', 'Fecha: 02-05-2025', 'LOMO A LO POBRE   $12.990', 'PROPINA SUGERIDA  $1.299', 'TOTAL            $12.990'];

async function png(rotate: 0 | 90 | 180 | 270, lines = LINES): Promise<Buffer> {
  return sharp(await thermalReceipt(lines)).rotate(rotate).png().toBuffer();
}

describe('PaddleEngine', () => {
  test('reads monospace thermal print line by line, the spaces between words kept and each amount on its label\'s row', async () => {
    const { text, solidWords, confidence } = await engine.recognize(await png(0));
    const lines = text.split('\n');
    expect(lines).toContain('RESTAURANT EL RINCON');
    expect(lines).toContain('PROPINA SUGERIDA $1.299');
    expect(lines).toContain('TOTAL $12.990');
    expect(lines.indexOf('TOTAL $12.990')).toBeGreaterThan(lines.indexOf('PROPINA SUGERIDA $1.299'));
    expect(solidWords).toBeGreaterThanOrEqual(8);
    expect(confidence).toBeGreaterThan(80);
  });

  test('reads again with the Latin-alphabet recogniser the pieces the first was unsure of; a probe reads once', async () => {
    const { text, secondText } = await engine.recognize(await png(0));
    // Clean print: the first recogniser is sure of every piece, so the second reading is the first one.
    expect(secondText).toBe(text);
    const quick = await engine.recognize(await png(0), { quick: true });
    expect(quick.secondText).toBeUndefined();
    expect(quick.text.split('\n')).toContain('TOTAL $12.990');
    // Every piece read again: the Latin recogniser has no '°' (its dictionary is printable ASCII).
    const everything = new PaddleEngine({ secondBelow: 2 });
    try {
      const both = await everything.recognize(await png(0));
      expect(both.text).toContain('N° 5521');
      const lines = (both.secondText ?? '').split('\n');
      expect(lines).toContain('RESTAURANT EL RINCON');
      expect(lines).toContain('TOTAL $12.990');
      expect(both.secondText).not.toContain('°');
      expect(both.secondText).toMatch(/5521/);
    } finally {
      await everything.close();
    }
  });

  test('a page on its side or upside down does not count as read, so the reader turns it', async () => {
    for (const rotate of [90, 180, 270] as const) {
      const { solidWords } = await engine.recognize(await png(rotate));
      expect(solidWords, `rotated ${rotate}°`).toBeLessThan(3);
    }
  });

  test('tells which way the lines run from the shapes of the pieces of text, without reading them', async () => {
    expect(await engine.textDirection(await png(0))).toBe('across');
    expect(await engine.textDirection(await png(180))).toBe('across');
    expect(await engine.textDirection(await png(90))).toBe('along');
    expect(await engine.textDirection(await png(270))).toBe('along');
    const blank = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(await engine.textDirection(blank)).toBeNull();
  });
});

describe('readDocument on a landscape picture', () => {
  /** The engine, noting each call: `direction`, `probe` (a quick reading) or `read`. */
  function counting(): { ocr: OcrEngine; calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      ocr: {
        recognize: (image, options) => (calls.push(options?.quick ? 'probe' : 'read'), engine.recognize(image, options)),
        textDirection: (image) => (calls.push('direction'), engine.textDirection(image)),
        warm: () => engine.warm(),
        close: async () => undefined,
      },
    };
  }

  test('an upright one is read at once: no quick reading in each turn', async () => {
    const { ocr, calls } = counting();
    const upright = await png(0); // 576 × 264: wider than tall
    const reading = await readDocument(upright, ocr);
    expect(calls).toEqual(['direction', 'read']);
    expect(reading.text.split('\n')).toContain('TOTAL $12.990');
  });

  test('a long receipt lying on its side is turned a quarter, only the two quarter turns probed', async () => {
    const { ocr, calls } = counting();
    const sideways = await png(90, [...LINES, ...LINES, ...LINES, ...LINES]); // 808 × 576
    const reading = await readDocument(sideways, ocr);
    expect(calls[0]).toBe('direction');
    expect(calls.filter((c) => c === 'probe').length).toBeLessThanOrEqual(2);
    // One full reading, in the right turn: no reading wasted on the page as it lay.
    expect(calls.filter((c) => c === 'read')).toHaveLength(1);
    expect(calls.at(-1)).toBe('read');
    expect(reading.text.split('\n')).toContain('TOTAL $12.990');
  }, 60_000);
});

describe('readDocument: smaller looks at a page whose date or RUT was not read', () => {
  /** An engine that answers the given texts in turn and notes the width of each page it was handed. */
  function scripted(texts: string[]): { ocr: OcrEngine; widths: number[] } {
    const widths: number[] = [];
    const ocr: OcrEngine = {
      recognize: async (image) => {
        widths.push((await sharp(image).metadata()).width ?? 0);
        return { text: texts[widths.length - 1] ?? '', confidence: 90, solidWords: 20 };
      },
      warm: async () => undefined,
      close: async () => undefined,
    };
    return { ocr, widths };
  }
  const photo = () => sharp({ create: { width: 900, height: 1600, channels: 3, background: '#f4f4f0' } }).jpeg().toBuffer();
  const BLURRED = 'CAFE ALTURA\nR.U.T.: 7?.6S8.4?0-7\nBOLETA ELECTRONICA\nFecha: 1?.1O.2O24\nTOTAL $5.000';
  const LOOK = (date: string) => `CAFE ALTURA\nR.U.T.: 76.086.428-5\nBOLETA ELECTRONICA\nFecha: ${date}\nTOTAL $5.000`;

  test('two smaller copies that read the same date and RUT fill them, to review; one that differs fills nothing', async () => {
    const { ocr, widths } = scripted([BLURRED, LOOK('14.10.2024'), LOOK('14.10.2024')]);
    const reading = await readDocument(await photo(), ocr);
    expect(reading.smallerLooks).toHaveLength(2);
    expect(widths[1] / widths[0]).toBeCloseTo(0.75, 1);
    expect(widths[2] / widths[0]).toBeCloseTo(0.6, 1);
    const result = analyzeReading(reading, 0);
    expect(result).toMatchObject({ date: '2024-10-14', taxId: '76086428-5', amount: 5000 });
    expect(result.fieldConfidence).toMatchObject({ date: 'medium', taxId: 'medium' });

    const differ = analyzeReading({ ...reading, smallerLooks: [{ text: LOOK('14.10.2024') }, { text: LOOK('11.10.2024') }] }, 0);
    expect(differ.date).toBeNull();
    expect(differ.taxId).toBe('76086428-5');
    // One look alone is not enough.
    expect(analyzeReading({ ...reading, smallerLooks: [{ text: LOOK('14.10.2024') }] }, 0).date).toBeNull();
  });

  test('a first smaller look that finds nothing missing ends the looking; a page read whole is not looked at again', async () => {
    const nothing = scripted([BLURRED, BLURRED, LOOK('14.10.2024')]);
    const unread = await readDocument(await photo(), nothing.ocr);
    expect(nothing.widths).toHaveLength(2);
    expect(analyzeReading(unread, 0).date).toBeNull();

    const clear = scripted([LOOK('14.10.2024')]);
    const read = await readDocument(await photo(), clear.ocr);
    expect(clear.widths).toHaveLength(1);
    expect(read.smallerLooks).toBeUndefined();
    // No RUT printed (an app's receipt): a missing RUT is not looked for.
    const app = scripted(['Cabify\nFecha: 14.10.2024\nTotal $5.000']);
    await readDocument(await photo(), app.ocr);
    expect(app.widths).toHaveLength(1);
  });
});

describe('small print: a photo whose text is too small to read well', () => {
  /** An engine that reads the same text with its pieces the given height in the page it is handed. */
  function sized(pieceHeight: number): { ocr: OcrEngine; widths: number[] } {
    const widths: number[] = [];
    const ocr: OcrEngine = {
      recognize: async (image) => {
        widths.push((await sharp(image).metadata()).width ?? 0);
        return { text: 'CAFE ALTURA\nR.U.T.: 76.086.428-5\nBOLETA ELECTRONICA\nFecha: 14.10.2024\nTOTAL $5.000', confidence: 90, solidWords: 20, pieceHeight };
      },
      warm: async () => undefined,
      close: async () => undefined,
    };
    return { ocr, widths };
  }
  const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#f4f4f0' } }).jpeg().toBuffer();

  test('the height is measured in the photo\'s own pixels: a small photo enlarged for the reader is still small print', async () => {
    // 300 px wide: handed to the reader at twice its size, so 20 px pieces there are 10 px in the photo.
    const small = sized(20);
    const tiny = await readDocument(await photo(300, 500), small.ocr);
    expect(small.widths[0]).toBe(600);
    expect(tiny.textHeight).toBe(10);
    expect(analyzeReading(tiny, 0).smallPrint).toBe(true);
    // The same text read from a photo of ordinary print is trusted more than from one whose print is too small.
    expect(analyzeReading({ ...tiny, textHeight: 20 }, 0).confidence).toBeGreaterThan(SMALL_PRINT_CONFIDENCE);
    expect(analyzeReading(tiny, 0).confidence).toBe(SMALL_PRINT_CONFIDENCE);

    const large = sized(20);
    const clear = await readDocument(await photo(900, 1600), large.ocr);
    expect(clear.textHeight).toBe(20);
    expect(analyzeReading(clear, 0).smallPrint).toBe(false);
    // Just under and at the bound.
    expect(analyzeReading({ ...clear, textHeight: SMALL_PRINT_PX - 0.1 }, 0).smallPrint).toBe(true);
    expect(analyzeReading({ ...clear, textHeight: SMALL_PRINT_PX }, 0).smallPrint).toBe(false);
  });

  test('only photos say it: a PDF\'s text layer and an engine that measures nothing leave it out', () => {
    expect(analyzeReading({ text: 'BOLETA\nTOTAL $5.000', source: 'text', barcode: null, method: 'pdf-text' }, 0).smallPrint).toBeUndefined();
    expect(analyzeReading({ text: 'BOLETA\nTOTAL $5.000', source: 'ocr', barcode: null, method: 'image' }, 0).smallPrint).toBeUndefined();
  });

  test('the engine measures its pieces: the same receipt at half the size has pieces about half as tall', async () => {
    const full = await png(0);
    const half = await sharp(full).resize({ width: Math.round(((await sharp(full).metadata()).width ?? 0) / 2) }).png().toBuffer();
    const [a, b] = [await engine.recognize(full), await engine.recognize(half)];
    expect(a.pieceHeight).toBeGreaterThan(0);
    expect((b.pieceHeight ?? 0) / (a.pieceHeight ?? 1)).toBeGreaterThan(0.35);
    expect((b.pieceHeight ?? 0) / (a.pieceHeight ?? 1)).toBeLessThan(0.65);
  }, 60_000);
});

describe('worthReadingAgain', () => {
  test('the second recogniser reads again the unsure pieces that may hold a key field, not long lines of words', () => {
    const unsure = (text: string) => ({ text, mean: 0.9 });
    expect(worthReadingAgain(unsure('TOTAL A PAGAR $12.990'), false, 0.97)).toBe(true);
    expect(worthReadingAgain(unsure('R.U.T.: 76.543.210-3'), false, 0.97)).toBe(true);
    expect(worthReadingAgain(unsure('GRACIAS POR SU COMPRA'), false, 0.97)).toBe(false);
    expect(worthReadingAgain(unsure('BOLETA'), false, 0.97)).toBe(true);
    expect(worthReadingAgain(unsure('septiembre'), false, 0.97)).toBe(true);
    // The issuer's name at the top of the page, glued or long: it gives the category.
    expect(worthReadingAgain(unsure('RADIO TAXILOS ANDES'), true, 0.97)).toBe(true);
    expect(worthReadingAgain(unsure('NO SE ACEPTAN CAMBIOS NI DEVOLUCIONES'), false, 0.97)).toBe(false);
    // What the first read surely is not read again, wherever it is.
    expect(worthReadingAgain({ text: 'TOTAL $12.990', mean: 0.99 }, true, 0.97)).toBe(false);
  });
});
