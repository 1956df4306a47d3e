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
    // Two processes, each running its files in turn on one module graph (each file still starts its own app and
    // Chromium): the server's modules are imported once a process, not once a file. The pages mostly wait, so two
    // share the 2 cores: 9.0 minutes with one process, 8.7 without re-importing, 7.3 with two.
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
    pool: 'forks',
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
