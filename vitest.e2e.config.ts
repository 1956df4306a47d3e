import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared'), '@client': r('./src/client') } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A page on a busy 2-core machine may take more than expect.poll's default second to show what it polls for.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: false,
    pool: 'forks',
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
