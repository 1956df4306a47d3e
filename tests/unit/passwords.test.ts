import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { hashPassword, SCRYPT_LOG_N, verifyPassword } from '../../src/server/auth/passwords.js';

/** What a process with this NODE_ENV stores for `password` (a fresh Node, as the server or the CLI would run). */
function hashIn(nodeEnv: string, password: string): string {
  const script = `import('./src/server/auth/passwords.ts').then((m) => m.hashPassword(${JSON.stringify(password)})).then((h) => process.stdout.write(h))`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: new URL('../..', import.meta.url),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: nodeEnv },
    encoding: 'utf8',
  });
}

describe('password hashes', () => {
  test('outside the test suites scrypt costs N = 2^15; the suites use 2^10, and say so in the hash', async () => {
    expect(SCRYPT_LOG_N).toBe(10);
    expect(await hashPassword('clave-de-prueba')).toMatch(/^scrypt\$1024\$8\$1\$/);
    for (const nodeEnv of ['production', 'development']) expect(hashIn(nodeEnv, 'x')).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  test('a check reads the cost from the hash: a production hash verifies here, and only with its password', async () => {
    const stored = hashIn('production', 'Contraseña segura 1');
    expect(await verifyPassword('Contraseña segura 1', stored)).toBe(true);
    expect(await verifyPassword('Contraseña segura 2', stored)).toBe(false);
    expect(await verifyPassword('Contraseña segura 1', null)).toBe(false);
  });
});
