import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
