import { describe, expect, test } from 'vitest';
import { EnvError, databaseUrl, loadEnv } from '../../src/server/env.js';

/** The error loadEnv throws for `source`, or a failure if it does not throw. */
function envError(source: Record<string, string>): EnvError {
  try {
    loadEnv(source);
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return e as EnvError;
  }
  throw new Error('loadEnv accepted an invalid environment');
}

describe('loadEnv', () => {
  test('an empty environment gets the embedded defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SEED_DEMO).toBeUndefined();
    expect(env.MAIL_FROM).toContain('Rendix');
    expect(databaseUrl(env)).toBe('pglite:./data/pglite');
  });

  test('values are read and coerced', () => {
    const env = loadEnv({
      PORT: '8080',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://app:secreto@db.internal:5432/rendix',
      SMTP_URL: 'smtp://user:pass@smtp.example.cl:587',
      APP_URL: 'https://rendix.example.cl',
      TRUST_PROXY: '1',
      SUPER_ADMIN_EMAIL: 'admin@rendix.cl',
      DATA_DIR: '/var/lib/rendix/',
    });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBeTruthy();
    expect(env.APP_URL).toBe('https://rendix.example.cl');
    expect(databaseUrl(env)).toBe('postgresql://app:secreto@db.internal:5432/rendix');
    expect(databaseUrl(loadEnv({ DATA_DIR: '/var/lib/rendix/' }))).toBe('pglite:/var/lib/rendix/pglite');
  });

  test('blank optional URLs count as unset', () => {
    const env = loadEnv({ SMTP_URL: '  ', APP_URL: '', DATABASE_URL: '' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test('several bad variables are all listed in one error, one line each', () => {
    const err = envError({
      PORT: 'cinco mil',
      DATABASE_URL: 'mysql://root@localhost/rendix',
      SMTP_URL: 'no es una url',
      SUPER_ADMIN_EMAIL: 'no-es-email',
      TRUST_PROXY: 'quizás',
    });
    const lines = err.message.split('\n').filter((l) => l.trim().startsWith('- '));
    expect(lines).toHaveLength(5);
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SUPER_ADMIN_EMAIL', 'TRUST_PROXY']) {
      expect(lines.some((l) => l.includes(`${name}:`)), name).toBe(true);
    }
    expect(err.message).toMatch(/^Configuración inválida:/);
    expect(err.message).toContain('PORT debe ser un número');
    expect(err.message).toContain('DATABASE_URL debe empezar con postgres:// o postgresql://');
    expect(err.message).toContain('SMTP_URL debe ser una URL válida');
    expect(err.message).toContain('SUPER_ADMIN_EMAIL debe ser un email válido');
  });

  test('a number out of its bounds, or not whole, says which bound, not that it is no number', () => {
    expect(envError({ RECEIPT_TIMEOUT_MS: '400' }).message).toContain('RECEIPT_TIMEOUT_MS debe ser al menos 1000');
    expect(envError({ PORT: '70000' }).message).toContain('PORT debe ser a lo más 65535');
    expect(envError({ RECEIPT_WORKERS: '1.5' }).message).toContain('RECEIPT_WORKERS debe ser un número entero');
    expect(envError({ SHUTDOWN_TIMEOUT_MS: 'pronto' }).message).toContain('SHUTDOWN_TIMEOUT_MS debe ser un número');
    expect(loadEnv({ RECEIPT_TIMEOUT_MS: '1000', PORT: '65535' })).toMatchObject({ RECEIPT_TIMEOUT_MS: 1000, PORT: 65535 });
  });

  test('STORAGE_URL names an S3-compatible bucket; unset, receipts stay on disk', () => {
    expect(loadEnv({}).STORAGE_URL).toBeUndefined();
    expect(loadEnv({ STORAGE_URL: '  ' }).STORAGE_URL).toBeUndefined();
    expect(loadEnv({ STORAGE_URL: 's3://rendix-comprobantes' }).STORAGE_URL).toEqual({ bucket: 'rendix-comprobantes', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    expect(loadEnv({ STORAGE_URL: 's3://rendix.files/prod/receipts/?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=auto&forcePathStyle=true' }).STORAGE_URL).toEqual({
      bucket: 'rendix.files',
      prefix: 'prod/receipts/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
    });
    // An unencoded endpoint reads the same.
    expect(loadEnv({ STORAGE_URL: 's3://rendix-files?endpoint=http://minio:9000&forcePathStyle=true' }).STORAGE_URL).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
  });

  test('a wrong STORAGE_URL or half the bucket credentials are refused in Spanish, with the other problems', () => {
    const cases: [string, RegExp][] = [
      ['https://bucket.example.com/x', /STORAGE_URL debe empezar con s3:\/\//],
      ['s3://A_B', /bucket válido/],
      ['s3://rendix-files?endpoint=ftp://x', /endpoint http:\/\/ o https:\/\//],
      ['s3://rendix-files?forcePathStyle=si', /forcePathStyle=true o forcePathStyle=false/],
      ['s3://rendix-files?bucket=otro', /parámetros desconocidos \(bucket\)/],
      ['s3://key:secret@rendix-files', /no lleva credenciales: usa AWS_ACCESS_KEY_ID/],
      ['s3://rendix-files/a//b', /prefijo sin segmentos vacíos/],
    ];
    for (const [value, message] of cases) expect(envError({ STORAGE_URL: value }).message, value).toMatch(message);
    const err = envError({ STORAGE_URL: 'file:///tmp', AWS_ACCESS_KEY_ID: 'AKIA', PORT: 'x' });
    const lines = err.message.split('\n').filter((l) => l.trim().startsWith('- '));
    expect(lines.map((l) => l.trim().split(':')[0].slice(2)).sort()).toEqual(['AWS_SECRET_ACCESS_KEY', 'PORT', 'STORAGE_URL']);
    expect(err.message).toContain('AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntos');
  });

  test('an out-of-range PORT and an unknown NODE_ENV are rejected', () => {
    expect(envError({ PORT: '70000' }).message).toContain('PORT');
    expect(envError({ PORT: '-1' }).message).toContain('PORT');
    expect(envError({ NODE_ENV: 'staging' }).message).toContain('NODE_ENV');
  });

  test('production without DATABASE_URL fails, and says so', () => {
    const err = envError({ NODE_ENV: 'production' });
    expect(err.message).toContain('DATABASE_URL es obligatorio en producción');
    expect(envError({ NODE_ENV: 'production', DATABASE_URL: '   ' }).message).toContain('DATABASE_URL');
  });

  /** What production needs at least. */
  const PROD = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/rendix', APP_URL: 'https://rendix.example.cl', SMTP_URL: 'smtp://smtp.example.cl:587' };

  test('production never seeds demo data', () => {
    const err = envError({ ...PROD, SEED_DEMO: 'true' });
    expect(err.message).toContain('SEED_DEMO');
    expect(loadEnv({ ...PROD, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  test('production problems are listed together with the other bad variables', () => {
    const err = envError({ NODE_ENV: 'production', PORT: 'x', SMTP_URL: 'nada' });
    const lines = err.message.split('\n').filter((l) => l.trim().startsWith('- '));
    expect(lines.map((l) => l.trim().split(':')[0].slice(2)).sort()).toEqual(['APP_URL', 'DATABASE_URL', 'PORT', 'SMTP_URL']);
  });

  test('production refuses to start without APP_URL (e-mail links would point to localhost)', () => {
    const { APP_URL: _a, ...rest } = PROD;
    expect(envError(rest).message).toContain('APP_URL es obligatorio en producción');
    expect(envError({ ...PROD, APP_URL: '  ' }).message).toContain('APP_URL');
    expect(loadEnv(PROD).APP_URL).toBe('https://rendix.example.cl');
    // Only production asks for it.
    expect(loadEnv({}).APP_URL).toBeUndefined();
  });

  test('production refuses to start without SMTP_URL unless MAIL_DISABLED=true says so', () => {
    const { SMTP_URL: _s, ...rest } = PROD;
    const err = envError(rest);
    expect(err.message).toContain('SMTP_URL es obligatorio en producción');
    expect(err.message).toContain('MAIL_DISABLED=true');
    expect(envError({ ...rest, MAIL_DISABLED: 'false' }).message).toContain('SMTP_URL');
    const disabled = loadEnv({ ...rest, MAIL_DISABLED: 'true' });
    expect(disabled.MAIL_DISABLED).toBe(true);
    expect(disabled.SMTP_URL).toBeUndefined();
    expect(loadEnv(PROD).MAIL_DISABLED).toBe(false);
    expect(envError({ MAIL_DISABLED: 'quizás' }).message).toContain('MAIL_DISABLED debe ser true o false');
    // Outside production the outbox is enough.
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
  });

  test('all of production\'s missing variables come in one message', () => {
    const lines = envError({ NODE_ENV: 'production' }).message.split('\n').filter((l) => l.trim().startsWith('- '));
    expect(lines.map((l) => l.trim().split(':')[0].slice(2)).sort()).toEqual(['APP_URL', 'DATABASE_URL', 'SMTP_URL']);
  });
});
