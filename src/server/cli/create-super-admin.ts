/**
 * Makes (or promotes) the platform's super admin:
 *   npm run create-super-admin -- admin@empresa.cl [password]
 * Without a password a random one is generated and printed once.
 */
import { loadEnv, databaseUrl, EnvError } from '../env.js';
import { openDatabase } from '../db/client.js';
import { randomToken } from '../auth/passwords.js';
import { ensureSuperAdmin } from '../platform/super-admin.js';

async function main() {
  const [email, given] = process.argv.slice(2);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error('Uso: npm run create-super-admin -- email@empresa.cl [contraseña]');
    process.exit(2);
  }
  if (given !== undefined && given.length < 6) {
    console.error('La contraseña debe tener al menos 6 caracteres.');
    process.exit(2);
  }
  const env = loadEnv();
  const database = await openDatabase(databaseUrl(env));
  const password = given ?? randomToken(12);
  const result = await ensureSuperAdmin(database.db, email, password);
  await database.close();
  if (result === 'promoted') console.log(`${email} ya existía y ahora es super admin (su contraseña no cambió).`);
  else console.log(`Super admin creado: ${email}${given ? '' : `\nContraseña: ${password}  (cámbiala al ingresar)`}`);
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
