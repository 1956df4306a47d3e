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

  test('reads the same pieces a second time with the Latin-alphabet recogniser, which has no ° and no accents', async () => {
    const { secondText } = await engine.recognize(await png(0));
    const lines = (secondText ?? '').split('\n');
    expect(lines).toContain('RESTAURANT EL RINCON');
    expect(lines).toContain('TOTAL $12.990');
    expect(secondText).not.toMatch(/°/);
    const quick = await engine.recognize(await png(0), { quick: true });
    expect(quick.secondText).toBeUndefined();
    expect(quick.text.split('\n')).toContain('TOTAL $12.990');
  });

  test('a page on its side or upside down does not count as read, so the reader turns it', async () => {
    for (const rotate of [90, 180, 270] as const) {
      const { solidWords } = await engine.recognize(await png(rotate));
      expect(solidWords, `rotated ${rotate}°`).toBeLessThan(3);
    }
  });
});
