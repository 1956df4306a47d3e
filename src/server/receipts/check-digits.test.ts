import { describe, expect, it } from 'vitest';
import { isValidRut } from '@shared/rut.js';
import { isValidCnpj, mendCheckDigits } from './check-digits.js';
import { ctcDecode } from './ocr.js';

describe('mending ids with the recogniser\'s runner-up digits', () => {
  it('knows a valid CNPJ from a misread one', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-87')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('a RUT failing its check digit takes the runner-up that makes it pass', () => {
    expect(isValidRut('77.658.426-7')).toBe(false);
    const text = 'R.U.T.:77.658.426-7';
    const at = text.indexOf('426') + 2;
    expect(mendCheckDigits(text, [{ at, alternative: '0', odds: 0.3 }])).toBe('R.U.T.:77.658.420-7');
  });

  it('leaves a valid RUT, a doubt below noise, and a tie between two passing readings alone', () => {
    expect(mendCheckDigits('RUT 76.086.428-5', [{ at: 8, alternative: '9', odds: 0.9 }])).toBe('RUT 76.086.428-5');
    const text = 'R.U.T.:77.658.426-7';
    const at = text.indexOf('426') + 2;
    expect(mendCheckDigits(text, [{ at, alternative: '0', odds: 0.001 }])).toBe(text);
    // Two readings pass, '77.658.420-7' and '77.658.426-6' (its check digit is 6): neither is clearly likelier.
    const dv = text.length - 1;
    expect(mendCheckDigits(text, [{ at: dv, alternative: '6', odds: 0.2 }])).toBe('R.U.T.:77.658.426-6');
    const tie = [
      { at, alternative: '0', odds: 0.3 },
      { at: dv, alternative: '6', odds: 0.25 },
    ];
    expect(mendCheckDigits(text, tie)).toBe(text);
    // One four times likelier than the other wins.
    expect(mendCheckDigits(text, [tie[0], { ...tie[1], odds: 0.05 }])).toBe('R.U.T.:77.658.420-7');
  });

  it('a CNPJ with one digit wrong is mended; letters are never touched', () => {
    const text = 'CNPJ:11.222.333/0001-87 IE:123';
    expect(mendCheckDigits(text, [{ at: text.indexOf('-87') + 2, alternative: '1', odds: 0.2 }])).toBe('CNPJ:11.222.333/0001-81 IE:123');
    expect(mendCheckDigits(text, [{ at: 1, alternative: '1', odds: 0.9 }])).toBe(text);
    // A colon for a dot and the next label glued with its I read as 1 ('…-971E:'): still mended.
    const glued = 'CNP3:27.606:498/6001-971E:646695775';
    expect(mendCheckDigits(glued, [{ at: glued.indexOf('/6') + 1, alternative: '0', odds: 0.1 }])).toBe('CNP3:27.606:498/0001-971E:646695775');
  });

  it('a date whose month or day no calendar has takes the runner-up digit that makes it one', () => {
    const text = 'Fecha: 14/88/2024 Hora: 11:11';
    const first = text.indexOf('88');
    expect(mendCheckDigits(text, [{ at: first, alternative: '0', odds: 0.2 }])).toBe('Fecha: 14/08/2024 Hora: 11:11');
    // A two-digit year; 6 read for 0.
    expect(mendCheckDigits('18/62/24 21:21', [{ at: 3, alternative: '0', odds: 0.05 }])).toBe('18/02/24 21:21');
    // A real date is left alone, a US one too (month first), and so is one no single runner-up can mend.
    expect(mendCheckDigits('14/08/2024', [{ at: 3, alternative: '6', odds: 0.5 }])).toBe('14/08/2024');
    expect(mendCheckDigits('03/25/2024', [{ at: 0, alternative: '8', odds: 0.5 }])).toBe('03/25/2024');
    expect(mendCheckDigits(text, [{ at: first + 1, alternative: '0', odds: 0.2 }])).toBe(text);
    // Month and year each with a digit wrong: each is mended on its own.
    const both = '17/66/2924 07:21:37';
    expect(mendCheckDigits(both, [{ at: 3, alternative: '0', odds: 0.1 }, { at: 7, alternative: '0', odds: 0.1 }])).toBe('17/06/2024 07:21:37');
    expect(mendCheckDigits('17/06/2019', [{ at: 8, alternative: '2', odds: 0.9 }])).toBe('17/06/2019');
    // Two runner-ups that each make a calendar date, neither clearly likelier: nothing is guessed.
    expect(mendCheckDigits('18/62/24', [{ at: 3, alternative: '0', odds: 0.2 }, { at: 3, alternative: '1', odds: 0.15 }])).toBe('18/62/24');
  });

  it('a year-first date is mended the same way, also with its time glued after the day', () => {
    const glued = '2025-01-8716:42 comensales:5';
    expect(mendCheckDigits(glued, [{ at: 8, alternative: '0', odds: 0.2 }])).toBe('2025-01-0716:42 comensales:5');
    expect(mendCheckDigits('2025/13/07', [{ at: 5, alternative: '0', odds: 0.1 }])).toBe('2025/03/07');
    // A calendar date, and a runner-up that makes none, are left alone.
    expect(mendCheckDigits('2025-01-27', [{ at: 8, alternative: '0', odds: 0.9 }])).toBe('2025-01-27');
    expect(mendCheckDigits(glued, [{ at: 8, alternative: '9', odds: 0.9 }])).toBe(glued);
  });

  it('the decoder keeps each digit\'s runner-up and merges repeated steps', () => {
    const alphabet = ['', ...'0123456789K-'];
    const classes = alphabet.length;
    const step = (probs: Record<string, number>) => alphabet.map((c, k) => probs[k === 0 ? 'blank' : c] ?? 0);
    // '4' '2' (twice, the runner-up 0 on the second step) blank '6'.
    const rows = [step({ '4': 0.9, '1': 0.05 }), step({ '2': 0.6 }), step({ '2': 0.55, '0': 0.4 }), step({ blank: 0.9 }), step({ '6': 0.95 })];
    const decoded = ctcDecode(Float32Array.from(rows.flat()), 0, rows.length, classes, alphabet, [...'0123456789K'].map((c) => alphabet.indexOf(c)));
    expect(decoded.text).toBe('426');
    const second = decoded.doubts.find((d) => d.at === 1);
    expect(second?.alternative).toBe('0');
    expect(second?.odds).toBeCloseTo(0.4 / 0.6, 5);
    expect(decoded.doubts.find((d) => d.at === 0)?.alternative).toBe('1');
  });
});
