/** Where S3Storage keeps receipts, read from STORAGE_URL: `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`. */
export interface S3Location {
  bucket: string;
  /** '' or ending in '/': every key is stored under it. */
  prefix: string;
  /** An S3-compatible service's URL (MinIO, R2, Spaces...); absent for AWS itself. */
  endpoint?: string;
  region: string;
  /** bucket in the path (`endpoint/bucket/key`) rather than the host name: what most self-hosted services need. */
  forcePathStyle: boolean;
}

const PARAMS = ['endpoint', 'region', 'forcePathStyle'];

/** The storage location, or a Spanish message saying what is wrong with the URL. */
export function parseStorageUrl(value: string): S3Location | { error: string } {
  const fail = (why: string) => ({ error: `STORAGE_URL ${why} (p. ej. s3://rendix-comprobantes/produccion?region=us-east-1, o con endpoint=http://minio:9000&forcePathStyle=true)` });
  if (!URL.canParse(value)) return fail('debe ser una URL válida');
  const url = new URL(value);
  if (url.protocol !== 's3:') return fail('debe empezar con s3:// (sin STORAGE_URL los comprobantes se guardan en el disco, en DATA_DIR/receipts)');
  if (url.username || url.password) return fail('no lleva credenciales: usa AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail('debe nombrar un bucket válido después de s3:// (3 a 63 letras minúsculas, números, puntos o guiones)');
  const unknown = [...url.searchParams.keys()].filter((k) => !PARAMS.includes(k));
  if (unknown.length) return fail(`tiene parámetros desconocidos (${unknown.join(', ')}); se admiten ${PARAMS.join(', ')}`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) return fail('debe tener un endpoint http:// o https://');
  if (endpoint !== undefined && !URL.canParse(endpoint)) return fail('debe tener un endpoint que sea una URL válida');
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(forcePathStyle)) return fail('debe tener forcePathStyle=true o forcePathStyle=false');
  const region = url.searchParams.get('region') || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return fail('debe tener una región válida (p. ej. us-east-1 o auto)');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((s) => s === '.' || s === '..') || /\/\//.test(path)) return fail('debe tener un prefijo sin segmentos vacíos, . ni ..');
  return { bucket, prefix: path ? `${path}/` : '', endpoint, region, forcePathStyle: forcePathStyle === 'true' };
}
