import { isIP } from 'node:net';
import { z } from 'zod';
import { parseSecretKey } from './platform/secret-box.js';
import { parseStorageUrl, type S3Location } from './storage/config.js';

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || URL.canParse(v), { message: `${what} debe ser una URL válida` });

/** A whole number within bounds, each way of missing them told in Spanish ('RECEIPT_TIMEOUT_MS debe ser al menos 1000'). */
const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int({ error: `${name} debe ser un número entero` })
    .min(min, { error: `${name} debe ser al menos ${min}` })
    .max(max, { error: `${name} debe ser a lo más ${max}` });

/**
 * The background work a process may consume (JOBS). `receipts`: receipt reading and checks (OCR, the heavy one);
 * `email`: notification, password-reset and login-code e-mails and their delivery; `webhooks`: billing and approval
 * webhooks; `niudata`: accounting sync; `periodic`: the purges, the subscription expiry and the receipt orphan sweep.
 */
export const JOB_GROUPS = ['receipts', 'email', 'webhooks', 'niudata', 'periodic'] as const;
export type JobGroup = (typeof JOB_GROUPS)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber('PORT', 0, 65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    /** Public URL used in e-mail links; defaults to http://localhost:PORT. */
    APP_URL: optionalUrl('APP_URL'),
    DATABASE_URL: optionalUrl('DATABASE_URL').refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL debe empezar con postgres:// o postgresql://',
    }),
    DATA_DIR: z.string().default('./data'),
    /**
     * Receipts in an S3-compatible bucket: s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true. Without it they
     * are files under DATA_DIR/receipts (one instance only).
     */
    STORAGE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx): S3Location | undefined => {
        if (!v) return undefined;
        const parsed = parseStorageUrl(v);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    /** The bucket's credentials; without them the AWS SDK's own chain applies (instance role, ~/.aws...). */
    AWS_ACCESS_KEY_ID: z.string().trim().optional().transform((v) => v || undefined),
    AWS_SECRET_ACCESS_KEY: z.string().trim().optional().transform((v) => v || undefined),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().default('Rendix <no-reply@rendix.cl>'),
    /** true: no e-mail is delivered (messages stay in the email_outbox table); lets production run without SMTP_URL. */
    MAIL_DISABLED: z
      .enum(['true', 'false', '1', '0'], { error: 'MAIL_DISABLED debe ser true o false' })
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    SUPER_ADMIN_EMAIL: z.email({ error: 'SUPER_ADMIN_EMAIL debe ser un email válido' }).optional(),
    /**
     * true trusts only proxies on private networks (the first public address is the client and
     * cannot be forged); or a list of proxy IPs/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .refine(
        (v) =>
          !v ||
          ['true', 'false', '1', '0'].includes(v) ||
          v.split(',').every((p) => isIP(p.trim().split('/')[0]) !== 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(p.trim())),
        { message: 'TRUST_PROXY debe ser true, false o una lista de IP/CIDR de los proxies' },
      )
      .transform((v) => (!v || v === 'false' || v === '0' ? false : v === 'true' || v === '1' ? 'loopback,linklocal,uniquelocal' : v)),
    /** Optional OpenAI-compatible endpoint (…/v1) for receipt reading and the chat assistant; local reading needs none. */
    OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
    OPENAI_API_KEY: z.string().trim().optional().transform((v) => v || undefined),
    /** A vision model of that endpoint: when set, receipt photos are also read by it (the SII timbre still wins). */
    OPENAI_VISION_MODEL: z.string().trim().optional().transform((v) => v || undefined),
    /** A chat model of that endpoint: when set (with OPENAI_BASE_URL), the landing assistant answers with it, grounded on its knowledge base. */
    OPENAI_CHAT_MODEL: z.string().trim().optional().transform((v) => v || undefined),
    /** Receipt reader threads (default: half the cores) and the longest a receipt may take. */
    RECEIPT_WORKERS: wholeNumber('RECEIPT_WORKERS', 1, 16).optional(),
    RECEIPT_TIMEOUT_MS: wholeNumber('RECEIPT_TIMEOUT_MS', 1000, 300_000).default(30_000),
    /** Reader threads idle this long are ended (their OCR engines hold ~150 MB each); the next receipt starts them again. */
    RECEIPT_IDLE_MS: wholeNumber('RECEIPT_IDLE_MS', 100, 86_400_000).default(60_000),
    /** Load the OCR models at start (first receipt ~2 s faster) instead of with the first receipt. Off: an idle process stays lean. */
    RECEIPT_WARM: z
      .enum(['true', 'false', '1', '0'], { error: 'RECEIPT_WARM debe ser true o false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Keep the expense list's pages and the dashboard's figures in memory until the company's expenses, catalog or the
     * people shown change (db/change-feed.ts). Off: every request reads the database (the benchmark's bare-SQL
     * comparison uses it).
     */
    READ_CACHE: z
      .enum(['true', 'false', '1', '0'], { error: 'READ_CACHE debe ser true o false' })
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** First billing-webhook retry delay; each next one doubles (30 s, 60 s, 120 s...). Tests shorten it. */
    BILLING_WEBHOOK_RETRY_BASE_MS: wholeNumber('BILLING_WEBHOOK_RETRY_BASE_MS', 10, 3_600_000).default(30_000),
    /** Requests per minute one API token may make (shared by every app instance). */
    API_TOKEN_RATE_LIMIT: wholeNumber('API_TOKEN_RATE_LIMIT', 1, 100_000).default(600),
    /** First approval-webhook retry delay; each next one doubles (30 s, 60 s, 120 s...) up to 6 attempts. Tests shorten it. */
    ACCOUNTING_WEBHOOK_RETRY_BASE_MS: wholeNumber('ACCOUNTING_WEBHOOK_RETRY_BASE_MS', 10, 3_600_000).default(30_000),
    /** MercadoPago (Checkout Pro). Without an access token, payments use the embedded sandbox ('Modo de prueba'). */
    MERCADOPAGO_ACCESS_TOKEN: z.string().trim().optional().transform((v) => v || undefined),
    MERCADOPAGO_PUBLIC_KEY: z.string().trim().optional().transform((v) => v || undefined),
    /** The 'clave secreta' of the webhook: verifies the x-signature of payment notifications. */
    MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional().transform((v) => v || undefined),
    /** Only for tests or an egress proxy: replaces https://api.mercadopago.com as the SDK's base URL. */
    MERCADOPAGO_API_URL: optionalUrl('MERCADOPAGO_API_URL'),
    /** NiuData's API base (e.g. https://api.niudata.cl/v1). Without it: the embedded sandbox ('Modo de prueba'), off in production. */
    NIUDATA_API_URL: optionalUrl('NIUDATA_API_URL').refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'NIUDATA_API_URL debe empezar con http:// o https://' }),
    /** Timeout of each NiuData request, and the first retry delay of a failed sync (doubling up to 6 attempts). Tests shorten them. */
    NIUDATA_TIMEOUT_MS: wholeNumber('NIUDATA_TIMEOUT_MS', 100, 120_000).default(10_000),
    NIUDATA_RETRY_BASE_MS: wholeNumber('NIUDATA_RETRY_BASE_MS', 10, 3_600_000).default(30_000),
    /**
     * Banco Central de Chile's statistics web service (SieteRestWS) for dated exchange rates: a free account of
     * si3.bcentral.cl. Without user and password, rates come from the local cache or the defaults, labelled as such.
     */
    BCCH_API_URL: optionalUrl('BCCH_API_URL')
      .refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'BCCH_API_URL debe empezar con http:// o https://' })
      .transform((v) => v ?? 'https://si3.bcentral.cl/SieteRestWS/SieteRestWS.ashx'),
    BCCH_USER: z.string().trim().optional().transform((v) => v || undefined),
    BCCH_PASS: z.string().trim().optional().transform((v) => v || undefined),
    BCCH_TIMEOUT_MS: wholeNumber('BCCH_TIMEOUT_MS', 100, 60_000).default(5_000),
    /** 32 bytes (base64 or hex) that encrypt third-party secrets at rest (the NiuData token); SECRETS_KEY_PREVIOUS: older keys, comma-separated, during a rotation. */
    SECRETS_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || parseSecretKey(v) !== null, { message: 'SECRETS_KEY debe tener 32 bytes en base64 o hex (p. ej. openssl rand -base64 32)' }),
    SECRETS_KEY_PREVIOUS: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.split(',').map((k) => k.trim()).filter(Boolean) : undefined))
      .refine((v) => v === undefined || v.every((k) => parseSecretKey(k) !== null), { message: 'SECRETS_KEY_PREVIOUS debe ser una lista de claves de 32 bytes en base64 o hex, separadas por comas' }),
    /**
     * The job groups this process consumes: `all` (default), `none` (a web process leaving them to `npm run worker`)
     * or a comma-separated list of JOB_GROUPS.
     */
    JOBS: z
      .string()
      .trim()
      .default('all')
      .transform((v) => v.split(',').map((g) => g.trim().toLowerCase()).filter(Boolean))
      .refine((v) => (v.length === 1 && ['all', 'none'].includes(v[0])) || (v.length > 0 && v.every((g) => (JOB_GROUPS as readonly string[]).includes(g))), {
        message: `JOBS debe ser all, none o una lista separada por comas de: ${JOB_GROUPS.join(', ')}`,
      })
      .transform((v): JobGroup[] => (v[0] === 'all' ? [...JOB_GROUPS] : v[0] === 'none' ? [] : [...new Set(v as JobGroup[])])),
    /** On SIGTERM, how long requests in flight (and then running jobs) may take to finish before they are cut. */
    SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 100, 600_000).default(10_000),
    /** Seed the demo company on an empty database (default: only in the embedded mode). */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {}

/** Validates the whole environment at once and lists every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(entorno)'}: ${i.message}`);
  // Cross-variable rules, checked on the raw values so they are listed with the rest.
  if (source.NODE_ENV === 'production') {
    if (!source.DATABASE_URL?.trim()) problems.push('DATABASE_URL: DATABASE_URL es obligatorio en producción');
    // E-mail links (invitations, password resets) would point to localhost, and HSTS needs to know the public URL.
    if (!source.APP_URL?.trim()) problems.push('APP_URL: APP_URL es obligatorio en producción (la URL pública, p. ej. https://rendix.tuempresa.cl)');
    if (!source.SMTP_URL?.trim() && !['true', '1'].includes(source.MAIL_DISABLED?.trim() ?? '')) {
      problems.push('SMTP_URL: SMTP_URL es obligatorio en producción (sin él no llegan invitaciones ni enlaces de contraseña); si no se enviarán correos, define MAIL_DISABLED=true');
    }
    if (source.SEED_DEMO === 'true' || source.SEED_DEMO === '1') problems.push('SEED_DEMO: No se cargan datos de demostración en producción');
    if (source.MERCADOPAGO_ACCESS_TOKEN?.trim() && !source.MERCADOPAGO_WEBHOOK_SECRET?.trim()) {
      problems.push('MERCADOPAGO_WEBHOOK_SECRET: MERCADOPAGO_WEBHOOK_SECRET es obligatorio en producción cuando MERCADOPAGO_ACCESS_TOKEN está configurado');
    }
    if (source.NIUDATA_API_URL?.trim() && !source.SECRETS_KEY?.trim()) {
      problems.push('SECRETS_KEY: SECRETS_KEY es obligatorio en producción cuando NIUDATA_API_URL está configurado (cifra los tokens de NiuData; genera uno con openssl rand -base64 32)');
    }
  }
  if (!source.AWS_ACCESS_KEY_ID?.trim() !== !source.AWS_SECRET_ACCESS_KEY?.trim()) {
    problems.push('AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntos (las credenciales del bucket de STORAGE_URL)');
  }
  // The embedded database belongs to one process: no worker can share it, so that process must do every job.
  if (!source.DATABASE_URL?.trim() && source.JOBS?.trim() && source.JOBS.trim().toLowerCase() !== 'all') {
    problems.push('JOBS: sin DATABASE_URL (base embebida PGlite) este proceso debe consumir todos los trabajos (JOBS=all): ningún otro proceso puede compartir esa base');
  }
  if (!source.BCCH_USER?.trim() !== !source.BCCH_PASS?.trim()) {
    problems.push('BCCH_PASS: BCCH_USER y BCCH_PASS van juntos (la cuenta del servicio web del Banco Central de Chile)');
  }
  if (source.OPENAI_VISION_MODEL?.trim() && !source.OPENAI_BASE_URL?.trim()) {
    problems.push('OPENAI_VISION_MODEL: OPENAI_BASE_URL es obligatorio para usar un modelo de visión');
  }
  if (problems.length || !parsed.success) {
    throw new EnvError(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return parsed.data;
}

export function databaseUrl(env: Env): string {
  return env.DATABASE_URL ?? `pglite:${env.DATA_DIR.replace(/\/$/, '')}/pglite`;
}
