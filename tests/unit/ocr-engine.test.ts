import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { PaddleEngine } from '../../src/server/receipts/ocr.js';
import { thermalReceipt } from '../helpers/receipts.js';

const engine = new PaddleEngine();
afterAll(() => engine.close());

const LINES = ['RESTAURANT EL RINCON', 'BOLETA N° 5521', 'Fecha: 02-05-2025', 'LOMO A LO POBRE   $12.990', 'PROPINA SUGERIDA  $1.299', 'TOTAL            $12.990'];

async function png(rotate: 0 | 90 | 180 | 270): Promise<Buffer> {
  return sharp(await thermalReceipt(LINES)).rotate(rotate).png().toBuffer();
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
});
