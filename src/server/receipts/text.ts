/** Text helpers shared by the receipt parser modules. */

/** Uppercase without accents, so 'Electrónica' and 'ELECTRONICA' match the same patterns. Keeps string length for ASCII-ish text. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

/** Non-empty trimmed lines, whitespace collapsed. */
export function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[\t\u00a0 ]+/g, ' ').trim())
    .filter((l) => l.length > 0);
}
