import { describe, expect, it } from 'vitest';
import { cnpjCheckDigit, isValidCnpj } from './check-digits.js';
import { parseReceiptText } from './parser.js';

/** A seeded generator, so the rates below are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Digits a blurred print turns into each other, as ids.ts has them. */
const LOOK_ALIKE: Record<string, string[]> = { '0': ['8', '6'], '8': ['0', '6', '3', '9'], '6': ['8', '5', '0'], '3': ['8'], '5': ['6'], '1': ['7'], '7': ['1'], '9': ['8'] };
/** The company's number and the check digits: the establishment's 0001 is left as read. */
const POSITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 12, 13];

describe("a head office's CNPJ with one digit read as its look-alike", () => {
  it('is mended nine times in ten, and a misreading of another kind is seldom mended into another company', () => {
    const random = generator(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const tally = { lookAlike: { right: 0, wrong: 0, blank: 0 }, other: { right: 0, wrong: 0, blank: 0 } };
    for (let trial = 0; trial < 400; trial++) {
      let truth = '';
      for (let i = 0; i < 8; i++) truth += Math.floor(random() * 10);
      truth += '0001';
      truth += cnpjCheckDigit(truth, 12);
      truth += cnpjCheckDigit(truth, 13);
      for (const kind of ['lookAlike', 'other'] as const) {
        const misread = (): string => {
          const i = pick(POSITIONS);
          const others = '0123456789'.split('').filter((x) => x !== truth[i] && !(LOOK_ALIKE[truth[i]] ?? []).includes(x));
          const choices = kind === 'lookAlike' ? (LOOK_ALIKE[truth[i]] ?? []) : others;
          return choices.length ? truth.slice(0, i) + pick(choices) + truth.slice(i + 1) : misread();
        };
        const read = misread();
        if (isValidCnpj(read)) continue; // the misreading is another valid CNPJ: nothing can tell
        const printed = read.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
        const parsed = parseReceiptText(`PADARIA PAULISTA\nCNPJ: ${printed}\nValor a Pagar R$ 42,71`, { source: 'ocr' });
        const got = parsed.taxId?.replace(/\D/g, '') ?? null;
        tally[kind][got === null ? 'blank' : got === truth ? 'right' : 'wrong']++;
        if (got !== null) expect(parsed.fieldConfidence.taxId).toBe('low');
      }
    }
    const rate = (t: { right: number; wrong: number; blank: number }, k: 'right' | 'wrong') => t[k] / (t.right + t.wrong + t.blank);
    expect(rate(tally.lookAlike, 'right')).toBeGreaterThan(0.85);
    expect(rate(tally.lookAlike, 'wrong')).toBeLessThan(0.02);
    expect(rate(tally.other, 'right')).toBe(0);
    expect(rate(tally.other, 'wrong')).toBeLessThan(0.08);
  });
});

describe('a CNPJ whose leading zero the print lost', () => {
  const cnpjOf = (printed: string) => parseReceiptText(`PADARIA PAULISTA\nCNP3: ${printed} IE: 26438339\nValor a Pagar R$ 42,71`, { source: 'ocr' }).taxId;

  it('is read with its zero put back when the check digits then hold, its establishment too', () => {
    // 04.717.900/0001-05 has valid check digits.
    expect(isValidCnpj('04717900000105')).toBe(true);
    expect(cnpjOf('4.717.900/0001-05')).toBe('04.717.900/0001-05');
    expect(cnpjOf('4.717.900/0091-05')).toBe('04.717.900/0001-05');
  });

  it('is left blank when nothing makes the check digits hold', () => {
    expect(cnpjOf('4.717.900/0001-06')).toBeNull();
  });
});

describe('a CNPJ whose label the print lost', () => {
  const cnpjOf = (line: string) => parseReceiptText(`POSTO ESTRELA DO SUL LTDA\n${line}\nDANFE NFC-e\nValor a Pagar R$ 99,21`, { source: 'ocr' }).taxId;

  it('is read from its shape when its check digits hold as read, and never mended', () => {
    expect(cnpjOf('C 1: 04.717.900/0001-05 1 : 784345801')).toBe('04.717.900/0001-05');
    expect(cnpjOf('C 1: 04.717.900/0001-06 1 : 784345801')).toBeNull();
    expect(cnpjOf('C 1: 04.717.900/0091-05 1 : 784345801')).toBeNull();
  });
});
