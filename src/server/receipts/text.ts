/** Text helpers shared by the receipt parser modules. */

/** Uppercase without accents, so 'Electrónica' and 'ELECTRONICA' match the same patterns. Keeps string length for ASCII-ish text. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

/**
 * Non-empty trimmed lines, whitespace collapsed. The vertical bars OCR reads from the paper's edge or a box border
 * ('|   N° 32765300', 'TOTAL $24.955 |') are trimmed too: they are never part of a receipt's text.
 */
export function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[\t\u00a0 ]+/g, ' ').replace(/^[|¦\s]+|[|¦\s]+$/g, ''))
    .filter((l) => l.length > 0);
}
