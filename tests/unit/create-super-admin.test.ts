import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.js';
import { openDatabase } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema/index.js';

/* `npm run create-super-admin -- email`: the password comes from a prompt or standard input, never from argv (issue 13). */

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'rendix-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the script as npm would (tsx), on an embedded database in a temporary folder, with `stdin` piped in. */
function run(args: string[], stdin: string): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/create-super-admin.ts', ...args], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

async function storedUser(email: string) {
  const database = await openDatabase(`pglite:${dataDir}/pglite`);
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    await database.close();
  }
}

describe('create-super-admin', () => {
  test('a password on the command line is refused, with the way to give it, and nothing is created', async () => {
    const res = await run(['root@rendix.cl', 'clave-en-argv'], '');
    expect(res.code).toBe(2);
    expect(res.out).toContain('No se acepta la contraseña como argumento');
    expect(res.out).toContain('entrada estándar');
    expect(res.out).not.toContain('clave-en-argv');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 120_000);

  test('the password read from standard input is the one that logs in', async () => {
    const res = await run(['root@rendix.cl'], 'clave-de-stdin-9\n');
    expect(res.out).toContain('Super admin creado: root@rendix.cl');
    expect(res.code).toBe(0);
    expect(res.out).not.toContain('clave-de-stdin-9');
    const row = await storedUser('root@rendix.cl');
    expect(row.isSuperAdmin).toBe(true);
    expect(await verifyPassword('clave-de-stdin-9', row.passwordHash)).toBe(true);
    expect(await verifyPassword('otra-clave', row.passwordHash)).toBe(false);
  }, 120_000);

  test('a short or empty password from standard input is refused', async () => {
    for (const input of ['123\n', '']) {
      const res = await run(['otro@rendix.cl'], input);
      expect(res.code).toBe(2);
      expect(res.out).toContain('al menos 6 caracteres');
    }
  }, 120_000);
});
