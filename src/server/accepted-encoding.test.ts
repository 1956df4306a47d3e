import { describe, expect, test } from 'vitest';
import { acceptedEncoding } from './accepted-encoding';

describe('acceptedEncoding (the index page sent precompressed)', () => {
  test('brotli first, then gzip, nothing for a client that offers neither', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
  test('a refused encoding (q=0) is not used', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br; q=0.0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('BR;Q=0.5')).toBe('br');
  });
});
