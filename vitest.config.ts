import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/sequencer.js';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared'), '@client': r('./src/client') } },
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Jobs (e-mail, webhooks) run on pg-boss workers; on a loaded 2-core machine they can take seconds.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // The API tests spend much of their time waiting (HTTP, job polling, the database), so more forks than cores pay:
    // on the 2-core CI machine a PGlite run takes 9.0 min with two, 6.7 with three, 5.6 with four (load 8, where
    // timing windows start to slip). Three keeps the whole gate under 25 minutes with headroom.
    maxWorkers: 3,
    // Each worker runs its files one after another on one module graph instead of importing the server afresh for
    // every file (~5 s of CPU each): on a 2-core machine a PGlite run went from 10.9 to 8.1 minutes (CPU 20 -> 15 min).
    // Every file starts its own app, database and mail capture and stops them; a file that changes process state
    // (TZ) puts it back in afterAll, and the app takes what a test changes (its client folder) as options.
    isolate: false,
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The long files start first (tests/helpers/sequencer.ts), so none runs alone at the end.
    sequence: { sequencer: LongestFirst },
  },
});
