/**
 * SII "timbre electrónico" (TED): the signed XML inside the PDF417 barcode of a Chilean electronic tax document.
 * FRMT is an RSA/SHA-1 (PKCS#1 v1.5) signature over the DD element's bytes, made with the private key of the CAF
 * (folio authorisation) embedded in DD. The CAF's own FRMA is signed by the SII, whose key we don't hold, so a valid
 * TED proves the content wasn't altered after stamping with that CAF, not that the CAF itself is genuine.
 */
import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { siiDocumentLabel, type TimbreSummary } from '@shared/receipts.js';
import { normalizeRut } from '@shared/rut.js';

export interface Ted {
  issuerRut: string;
  documentTypeCode: number;
  folio: string;
  /** yyyy-mm-dd */
  date: string;
  total: number;
  receiverRut: string | null;
  receiverName: string | null;
  firstItem: string | null;
  stampedAt: string | null;
  caf: {
    issuerRut: string | null;
    documentTypeCode: number | null;
    from: number | null;
    to: number | null;
    modulus: string | null;
    exponent: string | null;
  } | null;
  /** the DD element as read */
  dd: string;
  signature: string | null;
}

// Values stay strings (folios, base64 and RUTs must not become numbers); htmlEntities also decodes &#209; style refs.
const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, htmlEntities: true });

type Node = Record<string, unknown>;

function child(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as Node)[name];
  return Array.isArray(v) ? v[0] : v; // a repeated element (reader glitch): keep the first
}

function text(node: unknown, name: string): string | null {
  const v = child(node, name);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function int(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

// Readers may wrap long base64 values; whitespace is never part of base64.
const compact = (value: string | null) => (value === null ? null : value.replace(/\s+/g, '') || null);

function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Reads the first TED in a barcode's text; `input` as raw ISO-8859-1 bytes or already-decoded text. */
export function parseTed(input: string | Buffer): Ted | null {
  const raw = typeof input === 'string' ? input : input.toString('latin1');
  const start = raw.search(/<TED[\s>]/);
  if (start < 0) return null;
  const end = raw.indexOf('</TED>', start);
  if (end < 0) return null;
  const span = raw.slice(start, end + '</TED>'.length);
  const ddMatch = /<DD\s*>[\s\S]*?<\/DD\s*>/.exec(span);
  if (!ddMatch) return null;

  let tedNode: unknown;
  try {
    tedNode = child(parser.parse(span), 'TED');
  } catch {
    return null;
  }
  const dd = child(tedNode, 'DD');
  const issuerRut = normalizeRut(text(dd, 'RE') ?? '');
  const documentTypeCode = int(text(dd, 'TD'));
  const folio = text(dd, 'F');
  const date = text(dd, 'FE');
  const total = int(text(dd, 'MNT'));
  if (!issuerRut || documentTypeCode === null || !folio || int(folio) === null || !date || !isIsoDate(date) || total === null) {
    return null;
  }

  const cafNode = child(dd, 'CAF');
  const da = child(cafNode, 'DA');
  const rng = child(da, 'RNG');
  const rsapk = child(da, 'RSAPK');
  const rr = text(dd, 'RR');
  const cafRe = text(da, 'RE');
  return {
    issuerRut,
    documentTypeCode,
    folio,
    date,
    total,
    receiverRut: rr ? normalizeRut(rr) : null,
    receiverName: text(dd, 'RSR'),
    firstItem: text(dd, 'IT1'),
    stampedAt: text(dd, 'TSTED'),
    caf: cafNode === undefined ? null : {
      issuerRut: cafRe ? normalizeRut(cafRe) : null,
      documentTypeCode: int(text(da, 'TD')),
      from: int(text(rng, 'D')),
      to: int(text(rng, 'H')),
      modulus: compact(text(rsapk, 'M')),
      exponent: compact(text(rsapk, 'E')),
    },
    dd: ddMatch[0],
    signature: compact(text(tedNode, 'FRMT')),
  };
}

const b64url = (base64: string) => Buffer.from(base64, 'base64').toString('base64url');

/** Checks FRMT over DD with the CAF's public key, then that the CAF covers this issuer, type and folio. */
export function verifyTed(ted: Ted): { valid: boolean; problem: string | null } {
  const fail = (problem: string) => ({ valid: false, problem });
  const caf = ted.caf;
  if (!caf?.modulus || !caf.exponent) return fail('El timbre no trae la llave pública del CAF.');
  if (!ted.signature) return fail('El timbre no trae su firma (FRMT).');

  const badKey = 'La llave pública del CAF del timbre no es válida.';
  // Node imports even an empty modulus; CAF keys are 512 or 1024 bits, so anything under 512 is a misread.
  if (Buffer.from(caf.modulus, 'base64').length < 64) return fail(badKey);
  let key: KeyObject;
  try {
    key = createPublicKey({ key: { kty: 'RSA', n: b64url(caf.modulus), e: b64url(caf.exponent) }, format: 'jwk' });
  } catch {
    return fail(badKey);
  }
  const signature = Buffer.from(ted.signature, 'base64');
  // The issuer signed the flattened DD; a reader may have added whitespace between tags, so try both forms.
  const candidates = [ted.dd, ted.dd.replace(/>\s+</g, '><')];
  const signed = candidates.some((dd) => {
    try {
      return verify('sha1', Buffer.from(dd, 'latin1'), key, signature);
    } catch {
      return false; // e.g. a signature longer than the modulus
    }
  });
  if (!signed) return fail('La firma del timbre no corresponde a su contenido.');

  if (caf.issuerRut !== ted.issuerRut) return fail('El RUT emisor del timbre no coincide con el del CAF.');
  if (caf.documentTypeCode !== ted.documentTypeCode) return fail('El tipo de documento del timbre no coincide con el del CAF.');
  if (caf.from === null || caf.to === null) return fail('El CAF del timbre no trae el rango de folios autorizado.');
  const folio = Number(ted.folio);
  if (folio < caf.from || folio > caf.to) {
    return fail(`El folio ${ted.folio} está fuera del rango autorizado por el CAF (${caf.from}-${caf.to}).`);
  }
  return { valid: true, problem: null };
}

export function summarizeTed(ted: Ted): TimbreSummary {
  const { valid, problem } = verifyTed(ted);
  return {
    issuerRut: ted.issuerRut,
    documentTypeCode: ted.documentTypeCode,
    documentTypeLabel: siiDocumentLabel(ted.documentTypeCode),
    folio: ted.folio,
    date: ted.date,
    total: ted.total,
    receiverRut: ted.receiverRut,
    receiverName: ted.receiverName,
    firstItem: ted.firstItem,
    signatureValid: valid,
    problem,
  };
}

/** For tests and the benchmark corpus generator: a CAF key pair, M and E as the CAF carries them (standard base64). */
export function createCafKeyPair(bits = 1024): { privateKey: KeyObject; modulus: string; exponent: string } {
  // The SII issues CAFs with 512/1024-bit keys and exponent 3.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 3 });
  const jwk = publicKey.export({ format: 'jwk' });
  const std = (v: string | undefined) => Buffer.from(v ?? '', 'base64url').toString('base64');
  return { privateKey, modulus: std(jwk.n), exponent: std(jwk.e) };
}

// The barcode is ISO-8859-1: characters outside it could not be printed, and would make the signed bytes differ.
function xml(value: string): string {
  const latin1 = Array.from(value, (c) => ((c.codePointAt(0) ?? 0) > 0xff ? '?' : c)).join('');
  return latin1.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const el = (name: string, value: string | number | undefined) => (value === undefined ? '' : `<${name}>${xml(String(value))}</${name}>`);

/** A TED in the SII flattened form, FRMT signed with `keys.privateKey`. FRMA is a placeholder (only the SII can sign it). */
export function buildSignedTed(
  input: {
    issuerRut: string; documentTypeCode: number; folio: number; date: string; total: number;
    receiverRut?: string; receiverName?: string; firstItem?: string; issuerName?: string; stampedAt?: string;
    cafRange?: { from: number; to: number };
  },
  keys: { privateKey: KeyObject; modulus: string; exponent: string },
): string {
  // Invalid RUTs are kept as given so a corpus can include deliberately broken timbres.
  const issuer = normalizeRut(input.issuerRut) ?? input.issuerRut;
  const receiver = input.receiverRut === undefined ? undefined : (normalizeRut(input.receiverRut) ?? input.receiverRut);
  const range = input.cafRange ?? { from: 1, to: Math.max(input.folio, 100) };
  const da =
    `<DA>${el('RE', issuer)}${el('RS', input.issuerName)}${el('TD', input.documentTypeCode)}` +
    `<RNG>${el('D', range.from)}${el('H', range.to)}</RNG>${el('FA', input.date)}` +
    `<RSAPK>${el('M', keys.modulus)}${el('E', keys.exponent)}</RSAPK><IDK>100</IDK></DA>`;
  const frma = createHash('sha512').update(da).digest('base64');
  const dd =
    `<DD>${el('RE', issuer)}${el('TD', input.documentTypeCode)}${el('F', input.folio)}${el('FE', input.date)}` +
    `${el('RR', receiver)}${el('RSR', input.receiverName)}${el('MNT', input.total)}${el('IT1', input.firstItem)}` +
    `<CAF version="1.0">${da}<FRMA algoritmo="SHA1withRSA">${frma}</FRMA></CAF>` +
    `${el('TSTED', input.stampedAt ?? `${input.date}T12:00:00`)}</DD>`;
  const frmt = sign('sha1', Buffer.from(dd, 'latin1'), keys.privateKey).toString('base64');
  return `<TED version="1.0">${dd}<FRMT algoritmo="SHA1withRSA">${frmt}</FRMT></TED>`;
}
