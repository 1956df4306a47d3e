import { eq, isNotNull } from 'drizzle-orm';
import { DEFAULT_PAYABLE_ACCOUNT, NIUDATA_MSG, NIUDATA_SANDBOX_LABEL, type NiudataMode, type NiudataSettingsInput, type NiudataStatus } from '@shared/niudata.js';
import type { AppDeps } from '../context.js';
import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import { niudataSettings } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { SecretBox, secretBoxFor } from '../platform/secret-box.js';
import { NiudataClient, NiudataError } from './client.js';
import { SANDBOX_PATH, sandboxFetch } from './sandbox.js';

/*
 * Which NiuData a company talks to, and its stored connection: the token (encrypted at rest, never returned, never
 * logged; only its last 4 characters are kept in clear for the masked hint) and the voucher settings.
 */

export type NiudataDeps = Pick<AppDeps, 'db' | 'env' | 'appUrl'>;
export type SettingsRow = typeof niudataSettings.$inferSelect;

/** live with NIUDATA_API_URL; the embedded sandbox outside production; otherwise unavailable. */
export function niudataMode(env: Pick<Env, 'NIUDATA_API_URL' | 'NODE_ENV'>): NiudataMode {
  if (env.NIUDATA_API_URL) return 'live';
  return env.NODE_ENV === 'production' ? 'unavailable' : 'sandbox';
}

export function sandboxBaseUrl(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}${SANDBOX_PATH}`;
}

/** The adapter for this server's mode; null when NiuData is unavailable (production without NIUDATA_API_URL). */
export function niudataClient(deps: NiudataDeps): NiudataClient | null {
  const { env } = deps;
  const mode = niudataMode(env);
  if (mode === 'live') return new NiudataClient({ baseUrl: env.NIUDATA_API_URL!, timeoutMs: env.NIUDATA_TIMEOUT_MS });
  if (mode === 'sandbox') {
    const base = sandboxBaseUrl(deps.appUrl);
    return new NiudataClient({ baseUrl: base, timeoutMs: env.NIUDATA_TIMEOUT_MS, fetch: sandboxFetch(deps.db, base) });
  }
  return null;
}

export function requireNiudataClient(deps: NiudataDeps): NiudataClient {
  const client = niudataClient(deps);
  if (!client) throw new AppError('niudata_unavailable', 503, NIUDATA_MSG.unavailable);
  return client;
}

/** Associated data of a company's token: its ciphertext opens only on its own row. */
const tokenContext = (companyId: string) => `niudata-token:${companyId}`;

export async function findSettings(db: Db, companyId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(niudataSettings).where(eq(niudataSettings.companyId, companyId)).limit(1);
  return row ?? null;
}

export function presentStatus(env: Env, row: SettingsRow | null): NiudataStatus {
  const mode = niudataMode(env);
  return {
    configured: !!row?.tokenEncrypted,
    tokenHint: row?.tokenEncrypted && row.tokenLast4 ? `••••${row.tokenLast4}` : null,
    mode,
    modeLabel: mode === 'sandbox' ? NIUDATA_SANDBOX_LABEL : null,
    payableAccount: row?.payableAccount ?? DEFAULT_PAYABLE_ACCOUNT,
    ivaAccount: row?.ivaAccount ?? null,
    autoSync: row?.autoSync ?? false,
    configuredAt: row?.configuredAt?.toISOString() ?? null,
  };
}

/** Last 4 characters for the hint, only when the token is long enough that they give little away. */
const last4 = (token: string) => (token.length >= 12 ? token.slice(-4) : null);

/** Stores the (already checked) token encrypted; keeps the voucher settings. */
export async function saveToken(deps: NiudataDeps, companyId: string, userId: string, token: string): Promise<SettingsRow> {
  const tokenEncrypted = secretBoxFor(deps.env).encrypt(token, tokenContext(companyId));
  const now = new Date();
  const values = { tokenEncrypted, tokenLast4: last4(token), configuredAt: now, configuredBy: userId, updatedAt: now };
  const [row] = await deps.db
    .insert(niudataSettings)
    .values({ companyId, payableAccount: DEFAULT_PAYABLE_ACCOUNT, ...values })
    .onConflictDoUpdate({ target: niudataSettings.companyId, set: values })
    .returning();
  return row;
}

export async function saveSettings(db: Db, companyId: string, input: NiudataSettingsInput & { ivaAccount: string | null }): Promise<SettingsRow> {
  const values = { payableAccount: input.payableAccount, ivaAccount: input.ivaAccount, autoSync: input.autoSync, updatedAt: new Date() };
  const [row] = await db.insert(niudataSettings).values({ companyId, ...values }).onConflictDoUpdate({ target: niudataSettings.companyId, set: values }).returning();
  return row;
}

/**
 * The company's token in clear, for the request about to be sent (never stored or logged elsewhere). A token written
 * under an older key is re-encrypted with the current one on the way (lazy rotation).
 */
export async function readToken(deps: NiudataDeps, companyId: string, row?: SettingsRow | null): Promise<string | null> {
  const settings = row === undefined ? await findSettings(deps.db, companyId) : row;
  if (!settings?.tokenEncrypted) return null;
  const box = secretBoxFor(deps.env);
  let token: string;
  try {
    token = box.decrypt(settings.tokenEncrypted, tokenContext(companyId));
  } catch {
    throw new NiudataError('unauthorized', 'El token de NiuData guardado no se puede leer con la clave actual (SECRETS_KEY): vuelve a configurarlo.');
  }
  if (SecretBox.keyIdOfStored(settings.tokenEncrypted) !== box.currentKeyId) {
    await deps.db
      .update(niudataSettings)
      .set({ tokenEncrypted: box.encrypt(token, tokenContext(companyId)) })
      .where(eq(niudataSettings.companyId, companyId));
  }
  return token;
}

/** Re-encrypts every stored token with the current key (rotation; cli/rotate-secrets.ts). Returns how many changed. */
export async function reencryptTokens(deps: Pick<AppDeps, 'db' | 'env'>): Promise<{ total: number; rotated: number; unreadable: number }> {
  const box = secretBoxFor(deps.env);
  const rows = await deps.db.select().from(niudataSettings).where(isNotNull(niudataSettings.tokenEncrypted));
  let rotated = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (SecretBox.keyIdOfStored(row.tokenEncrypted!) === box.currentKeyId) continue;
    let token: string;
    try {
      token = box.decrypt(row.tokenEncrypted!, tokenContext(row.companyId));
    } catch {
      // Written under a key that is in neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: left as is, counted.
      unreadable++;
      continue;
    }
    await deps.db.update(niudataSettings).set({ tokenEncrypted: box.encrypt(token, tokenContext(row.companyId)) }).where(eq(niudataSettings.companyId, row.companyId));
    rotated++;
  }
  return { total: rows.length, rotated, unreadable };
}
