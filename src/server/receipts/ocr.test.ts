import { describe, expect, it } from 'vitest';
import { assembleLines, type OcrLine } from './ocr.js';

/** A recognised piece whose box starts at (left, top), `width` × `height`, on a page tilted by `slope` (dy/dx). */
function piece(text: string, left: number, top: number, width: number, height = 24, slope = 0): OcrLine {
  const at = (x: number, y: number) => [x, y + slope * x];
  return { text, mean: 0.95, box: [at(left, top), at(left + width, top), at(left + width, top + height), at(left, top + height)] };
}

describe('assembleLines', () => {
  it('keeps a right-aligned amount on its label\'s row on a page tilted 4°', () => {
    const slope = Math.tan((4 * Math.PI) / 180);
    const pieces = [
      piece('$18.040', 400, 100, 90, 24, slope),
      piece('TOTAL A PAGAR', 40, 100, 200, 24, slope),
      piece('$30.000', 400, 132, 90, 24, slope),
      piece('EFECTIVO', 40, 132, 130, 24, slope),
      piece('Conserve su boleta', 40, 164, 300, 24, slope),
    ];
    expect(assembleLines(pieces)).toEqual(['TOTAL A PAGAR $18.040', 'EFECTIVO $30.000', 'Conserve su boleta']);
  });

  it('keeps close rows apart on a straight page and orders them top to bottom', () => {
    const pieces = [piece('IVA $2.880', 40, 160, 200), piece('TOTAL $18.040', 40, 130, 220), piece('NETO $15.160', 40, 100, 220)];
    expect(assembleLines(pieces)).toEqual(['NETO $15.160', 'TOTAL $18.040', 'IVA $2.880']);
  });

  it('answers the texts as they are when the engine gives no boxes', () => {
    expect(assembleLines([{ text: ' TOTAL 100 ', mean: 0.9 }, { text: '', mean: 0.9 }])).toEqual(['TOTAL 100']);
  });
});
