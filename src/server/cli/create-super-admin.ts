/**
 * Makes (or promotes) the platform's super admin:
 *   npm run create-super-admin -- admin@empresa.cl
 * The password is asked for (hidden) in a terminal, or read from the first line of standard input otherwise:
 *   printf '%s\n' "$CLAVE" | npm run create-super-admin -- admin@empresa.cl
 * Never from the command line: it would stay in the shell history and in every process listing.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadEnv, databaseUrl, EnvError } from '../env.js';
import { openDatabase } from '../db/client.js';
import { ensureSuperAdmin } from '../platform/super-admin.js';
import { describeError } from '../logging.js';

const USAGE = 'Uso: npm run create-super-admin -- email@empresa.cl   (la contraseña se pide al ejecutar, o por la entrada estándar)';
const ARGV_PASSWORD_REFUSED =
  'No se acepta la contraseña como argumento: quedaría en el historial de la terminal y en la lista de procesos. ' +
  'Ejecuta `npm run create-super-admin -- email@empresa.cl` y escríbela cuando se pida, o pásala por la entrada estándar: ' +
  "printf '%s\\n' \"$CLAVE\" | npm run create-super-admin -- email@empresa.cl";

/** One line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
    rl.on('SIGINT', () => {
      rl.close();
      reject(new Error('Cancelado.'));
    });
  });
}

/** The first line of a piped standard input. */
async function firstLineOfStdin(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await promptHidden('Contraseña del super admin: ');
  const again = await promptHidden('Repite la contraseña: ');
  if (first !== again) throw new UsageError('Las contraseñas no coinciden.');
  return first;
}

class UsageError extends Error {}

async function main() {
  const [email, ...rest] = process.argv.slice(2);
  if (rest.length) throw new UsageError(ARGV_PASSWORD_REFUSED);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError(USAGE);
  const password = (await readPassword()).replace(/\r$/, '');
  if (password.length < 6) throw new UsageError('La contraseña debe tener al menos 6 caracteres.');
  if (password.length > 200) throw new UsageError('La contraseña puede tener como máximo 200 caracteres.');
  const env = loadEnv();
  const database = await openDatabase(databaseUrl(env));
  const result = await ensureSuperAdmin(database.db, email, password);
  await database.close();
  if (result === 'promoted') console.log(`${email} ya existía y ahora es super admin (su contraseña no cambió).`);
  else console.log(`Super admin creado: ${email}`);
}

main().catch((err) => {
  if (err instanceof UsageError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err instanceof EnvError ? err.message : `No se pudo crear el super admin: ${describeError(err)}`);
  process.exit(1);
});
