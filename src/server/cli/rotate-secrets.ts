/**
 * Re-encrypts every stored secret (the companies' NiuData tokens, the employees' bank account numbers) with the current SECRETS_KEY:
 *   SECRETS_KEY=<new> SECRETS_KEY_PREVIOUS=<old> npm run rotate-secrets
 * Afterwards SECRETS_KEY_PREVIOUS can be removed. Without this command the app also re-encrypts a token the first
 * time it uses it (src/server/niudata/README.md).
 */
import { databaseUrl, EnvError, loadEnv } from '../env.js';
import { openDatabase } from '../db/client.js';
import { describeError } from '../logging.js';
import { reencryptTokens } from '../niudata/connection.js';
import { reencryptBankAccounts } from '../reimbursements/bank-accounts.js';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(databaseUrl(env));
  try {
    const { total, rotated, unreadable } = await reencryptTokens({ db: database.db, env });
    console.log(`Tokens de NiuData: ${total} guardados, ${rotated} cifrados de nuevo con la clave actual.`);
    if (unreadable) {
      console.error(`${unreadable} no se pudieron leer: su clave no está en SECRETS_KEY ni en SECRETS_KEY_PREVIOUS. Agrégala y vuelve a ejecutar, o configura esos tokens de nuevo.`);
      process.exitCode = 1;
    }
    const banks = await reencryptBankAccounts({ db: database.db, env });
    console.log(`Cuentas bancarias de reembolso: ${banks.total} guardadas, ${banks.rotated} cifradas de nuevo con la clave actual.`);
    if (banks.unreadable) {
      console.error(`${banks.unreadable} cuentas bancarias no se pudieron leer: agrega su clave a SECRETS_KEY_PREVIOUS y vuelve a ejecutar, o pide a esos empleados que las ingresen de nuevo.`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `No se pudo rotar la clave: ${describeError(err)}`);
  process.exit(1);
});
