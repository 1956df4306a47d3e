import { describe, expect, test } from 'vitest';
import { chileWallClock, formatDate, formatDateTime } from '../../src/shared/format.js';
import { inTimeZone } from '../helpers/zone.js';

// Issue 16 item 4: one formatter shows every date-time in Chile's time, whatever the machine's zone.
// The process runs in a zone far from Chile, so reading the machine's clock would show.
inTimeZone('Asia/Tokyo');

describe('formatDateTime: America/Santiago across daylight saving time', () => {
  test.each([
    // Summer (UTC−3): the comprobante of issue 16, created 02:46 UTC, is 23:46 of the day before.
    ['2026-11-23T02:46:00.000Z', '22/11/2026 23:46'],
    // Winter (UTC−4).
    ['2026-07-01T02:46:00.000Z', '30/06/2026 22:46'],
    // April: the first Sunday on or after the 2nd, 00:00 UTC−3 becomes 23:00 UTC−4 of the Saturday.
    ['2026-04-05T02:59:00.000Z', '04/04/2026 23:59'],
    ['2026-04-05T03:00:00.000Z', '04/04/2026 23:00'],
    ['2026-04-05T04:30:00.000Z', '05/04/2026 00:30'],
    // September: the first Sunday on or after the 2nd, 00:00 UTC−4 becomes 01:00 UTC−3.
    ['2026-09-06T03:59:00.000Z', '05/09/2026 23:59'],
    ['2026-09-06T04:00:00.000Z', '06/09/2026 01:00'],
    // Midnight is 00, never 24.
    ['2026-12-01T03:00:00.000Z', '01/12/2026 00:00'],
  ])('%s → %s', (iso, shown) => {
    expect(formatDateTime(iso)).toBe(shown);
    expect(formatDateTime(new Date(iso))).toBe(shown);
  });

  test('seconds for logs; empty and invalid values are a dash', () => {
    expect(formatDateTime('2026-11-23T02:46:07.900Z', { seconds: true })).toBe('22/11/2026 23:46:07');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('no es fecha')).toBe('-');
  });

  test('formatDate: an instant shows its Chile day; a calendar date stays the same day', () => {
    expect(formatDate('2026-11-23T02:46:00.000Z')).toBe('22/11/2026');
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate(undefined)).toBe('-');
  });

  test('chileWallClock gives the fields Excel cells are written with', () => {
    expect(chileWallClock(new Date('2026-11-23T02:46:05Z'))).toEqual({ year: '2026', month: '11', day: '22', hour: '23', minute: '46', second: '05' });
  });
});
