import { afterAll } from 'vitest';

/**
 * Runs the calling test file in another time zone, from now until its last test, then puts the machine's back: the
 * files that run next in this process (vitest's isolate: false) see the machine's zone again.
 */
export function inTimeZone(zone: string): void {
  const machineZone = process.env.TZ;
  process.env.TZ = zone;
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });
}
