import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import type { BenchReport } from '../../bench/run.js';

// `npm run bench` is a contract: a tiny run (its figures mean nothing) must still write every field of its JSON.

test('the benchmark writes its JSON report, on this database', { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rendix-bench-json-'));
  const out = join(dir, 'bench.json');
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
      // BENCH_MEMORY=0: the production-process memory step needs a build and takes two minutes of waiting by design.
      env: { ...process.env, BENCH_EXPENSES: '500', BENCH_COMPANIES: '5', BENCH_RUNS: '3', BENCH_JSON: out, BENCH_MEMORY: '0' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(readFileSync(out, 'utf8')) as BenchReport;
    expect(report.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(report.machine).toEqual({ cores: expect.any(Number), loadavg: [expect.any(Number), expect.any(Number), expect.any(Number)] });
    expect(report.endpoints.map((e) => e.name)).toEqual(expect.arrayContaining(['list_page_1', 'list_page_200', 'dashboard_stats', 'dashboard_monthly', 'list_page_1_cached']));
    for (const e of report.endpoints) {
      // A page answered from memory runs no SQL to compare with.
      const sql = e.name.endsWith('_cached') ? null : expect.any(Number);
      expect(e).toEqual({ name: expect.any(String), medianMs: expect.any(Number), p99Ms: expect.any(Number), sqlMedianMs: sql, ratio: sql });
    }
    expect(report.excel).toEqual({ rows: expect.any(Number), ms: expect.any(Number), rssGrowthMb: expect.any(Number) });
    expect(report.memory.idleMb).toEqual(expect.any(Number));
    expect(report.startupMs).toEqual(expect.any(Number));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
