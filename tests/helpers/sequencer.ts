import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (seconds in the gate of 2026-11-28 on the 2-core CI machine: PGlite /
 * PostgreSQL). CI runs a clean clone, so vitest has no timings of its own and would start the files in the order it
 * finds them: a minute-long file found last then runs alone while the other workers idle (the PostgreSQL stage's tail
 * was multi-instance's 63 s). Started first, the long files overlap and the short ones fill in.
 * The browser stage keeps vitest's own order: started first there, receipts.e2e ran beside chat-pwa, the heaviest, and
 * its duplicate warning once showed twice for the whole wait (flagged in the session-35 note).
 */
const LONGEST_FIRST = [
  'tests/api/durability.test.ts', // 139 / 78
  'tests/api/receipts.test.ts', // 106 / 94
  'tests/api/durability-load.test.ts', // 126 / 66
  'tests/api/receipt-durability.test.ts', // 101 / 44
  'tests/api/production-process.test.ts', // 73 / 50
  'tests/api/fuzz.test.ts', // 69 / 41
  'tests/api/multi-instance.test.ts', // PostgreSQL only: 63
  'tests/api/company-team.test.ts', // 61 / 45
  'tests/unit/receipt-reader.test.ts', // 64
  'tests/unit/ocr-engine.test.ts', // 54
  'tests/api/approval-flow.test.ts', // 52 / 35
  'tests/api/abuse-limits.test.ts', // 48 / 34
  'tests/api/accounting-webhook.test.ts', // 38 / 26
  'tests/api/receipts-model.test.ts', // 30 / 22
  'tests/api/niudata.test.ts', // 26 / 25
  'tests/api/receipt-orphans.test.ts', // 34 / 18
];

/** Vitest's own order (its timings when it has them, else larger files first), with the known long files ahead of it. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(name));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted.map((spec, i) => ({ spec, i, r: rank(spec) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.spec);
  }
}
