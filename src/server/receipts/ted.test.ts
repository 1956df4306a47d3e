import { readFileSync } from 'node:fs';
import { sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSignedTed, createCafKeyPair, parseTed, summarizeTed, verifyTed, type Ted } from './ted';

/**
 * Real timbre printed in the SII's "Manual de Muestras Impresas" (documentos tributarios electrónicos), factura
 * electrónica folio 375 of the test issuer 44300251-0. Its FRMT verifies with the CAF key it carries.
 */
const SAMPLE = readFileSync(new URL('../../../tests/fixtures/sii-sample-ted.xml', import.meta.url), 'latin1').trim();

const SIGNATURE_PROBLEM = 'La firma del timbre no corresponde a su contenido.';

// 512 bits keeps key generation fast; the SII itself issues 512-bit CAF keys.
const keys = createCafKeyPair(512);
const otherKeys = createCafKeyPair(512);

const base = { issuerRut: '76.086.428-5', documentTypeCode: 39, folio: 42, date: '2026-03-12', total: 45990 };

function parsed(input: string | Buffer): Ted {
  const ted = parseTed(input);
  if (!ted) throw new Error('parseTed returned null');
  return ted;
}

/** Edits the DD of a TED and signs it again, so only the edited consistency rule can fail. */
function resign(ted: string, privateKey: KeyObject, edit: (dd: string) => string): string {
  const dd = ted.slice(ted.indexOf('<DD>'), ted.indexOf('</DD>') + '</DD>'.length);
  const edited = edit(dd);
  const frmt = sign('sha1', Buffer.from(edited, 'latin1'), privateKey).toString('base64');
  return ted.replace(dd, edited).replace(/<FRMT([^>]*)>[^<]*<\/FRMT>/, `<FRMT$1>${frmt}</FRMT>`);
}

describe('parseTed', () => {
  it('reads every field of the SII sample timbre', () => {
    expect(parseTed(SAMPLE)).toEqual({
      issuerRut: '44300251-0',
      documentTypeCode: 33,
      folio: '375',
      date: '2010-11-10',
      total: 2890260,
      receiverRut: '1-9',
      receiverName: 'EDUARDO HONZALEZ MENDEZ',
      firstItem: 'prueba',
      stampedAt: '2010-11-10T11:29:48',
      caf: {
        issuerRut: '44300251-0',
        documentTypeCode: 33,
        from: 375,
        to: 375,
        modulus: 'qMZP0GA7rdYDj4e4hnu+fuhc0sW9XFQq08/sYDvJJk+ypx0xH6lcFu4WzMoyuoxS77Rwq+YJmX1QM7Fh92XFBQ==',
        exponent: 'Aw==',
      },
      dd: SAMPLE.slice(SAMPLE.indexOf('<DD>'), SAMPLE.indexOf('</DD>') + 5),
      signature: 'iTGj44T3dBOHJwGAcCv9oIEde+HOywsgUMBgjexMRsv8xQXxe71fEPHqYeJ+QnpigR+vY14YHpPgKyHSDyGNOQ==',
    });
  });

  it('returns null for garbage, empty text and text without a complete TED', () => {
    expect(parseTed('')).toBeNull();
    expect(parseTed(Buffer.alloc(0))).toBeNull();
    expect(parseTed('%%%<<>>garbage</x>')).toBeNull();
    expect(parseTed('<DTE><Documento>sin timbre</Documento></DTE>')).toBeNull();
    expect(parseTed(SAMPLE.replace('</TED>', ''))).toBeNull();
    expect(parseTed(SAMPLE.slice(0, 400))).toBeNull();
  });

  it('returns null when a required field is missing or malformed', () => {
    expect(parseTed(SAMPLE.replace('<MNT>2890260</MNT>', ''))).toBeNull();
    expect(parseTed(SAMPLE.replace('<MNT>2890260</MNT>', '<MNT>2890260.5</MNT>'))).toBeNull();
    expect(parseTed(SAMPLE.replace('<FE>2010-11-10</FE>', '<FE>10-11-2010</FE>'))).toBeNull();
    expect(parseTed(SAMPLE.replace('<FE>2010-11-10</FE>', '<FE>2010-02-30</FE>'))).toBeNull();
    expect(parseTed(SAMPLE.replace('<F>375</F>', ''))).toBeNull();
    expect(parseTed(SAMPLE.replace('<TD>33</TD><F>', '<TD>XX</TD><F>'))).toBeNull();
    // 44300251-1 has the wrong check digit
    expect(parseTed(SAMPLE.replace('<DD><RE>44300251-0</RE>', '<DD><RE>44300251-1</RE>'))).toBeNull();
  });

  it('finds the TED among stray text and normalises RUTs', () => {
    const raw = buildSignedTed({ ...base, receiverRut: '77.261.280-k' }, keys);
    const ted = parsed(`]C0 lectura\n${raw}\r\n\u0000basura`);
    expect(ted.issuerRut).toBe('76086428-5');
    expect(ted.receiverRut).toBe('77261280-K');
    expect(ted.caf?.issuerRut).toBe('76086428-5');
    expect(verifyTed(ted)).toEqual({ valid: true, problem: null });
    const dotted = parsed(SAMPLE.replace('<RR>1-9</RR>', '<RR>77.261.280-k</RR>').replace('<DD><RE>44300251-0', '<DD><RE>44.300.251-0'));
    expect([dotted.issuerRut, dotted.receiverRut]).toEqual(['44300251-0', '77261280-K']);
  });
});

describe('verifyTed', () => {
  it('accepts the real SII sample', () => {
    expect(verifyTed(parsed(SAMPLE))).toEqual({ valid: true, problem: null });
  });

  it('rejects the sample with its total altered', () => {
    const tampered = SAMPLE.replace('<MNT>2890260</MNT>', '<MNT>2890261</MNT>');
    const ted = parsed(tampered);
    expect(ted.total).toBe(2890261);
    expect(verifyTed(ted)).toEqual({ valid: false, problem: SIGNATURE_PROBLEM });
  });

  it('rejects a folio outside the CAF range', () => {
    const ok = parsed(buildSignedTed({ ...base, folio: 100, cafRange: { from: 1, to: 100 } }, keys));
    expect(verifyTed(ok).valid).toBe(true);
    const ted = parsed(buildSignedTed({ ...base, folio: 500, cafRange: { from: 1, to: 100 } }, keys));
    expect(verifyTed(ted)).toEqual({ valid: false, problem: 'El folio 500 está fuera del rango autorizado por el CAF (1-100).' });
  });

  it('rejects a correctly signed timbre whose issuer or type differs from the CAF', () => {
    const raw = buildSignedTed(base, keys);
    expect(verifyTed(parsed(resign(raw, keys.privateKey, (dd) => dd))).valid).toBe(true);

    const otherIssuer = resign(raw, keys.privateKey, (dd) => dd.replace('<DA><RE>76086428-5</RE>', '<DA><RE>96790240-3</RE>'));
    expect(parsed(otherIssuer).caf?.issuerRut).toBe('96790240-3');
    expect(verifyTed(parsed(otherIssuer))).toEqual({ valid: false, problem: 'El RUT emisor del timbre no coincide con el del CAF.' });

    const otherType = resign(raw, keys.privateKey, (dd) => dd.replace('<TD>39</TD><RNG>', '<TD>33</TD><RNG>'));
    expect(verifyTed(parsed(otherType))).toEqual({ valid: false, problem: 'El tipo de documento del timbre no coincide con el del CAF.' });
  });

  it('round-trips a latin1 Buffer with Ñ and accents through buildSignedTed', () => {
    const raw = buildSignedTed({ ...base, receiverName: 'PEÑALOLÉN & CÍA <LTDA>', firstItem: 'Café "grande"' }, keys);
    const bytes = Buffer.from(raw, 'latin1');
    expect(bytes.includes(0xd1)).toBe(true); // Ñ as one ISO-8859-1 byte, not UTF-8's C3 91
    const ted = parsed(bytes);
    expect(ted.receiverName).toBe('PEÑALOLÉN & CÍA <LTDA>');
    expect(ted.firstItem).toBe('Café "grande"');
    expect(verifyTed(ted)).toEqual({ valid: true, problem: null });
    // Characters ISO-8859-1 cannot carry become '?' before signing, so the printed bytes match the signature.
    const euro = parsed(Buffer.from(buildSignedTed({ ...base, receiverName: 'Pago 10 €' }, keys), 'latin1'));
    expect(euro.receiverName).toBe('Pago 10 ?');
    expect(verifyTed(euro).valid).toBe(true);
    // The same text as UTF-8 bytes is not what was signed.
    expect(verifyTed(parsed(Buffer.from(raw, 'utf8'))).valid).toBe(false);
  });

  it('still verifies when the reader added whitespace and newlines between tags', () => {
    const spaced = SAMPLE.replace(/></g, '>\n  <');
    const ted = parsed(spaced);
    expect(ted.dd).toContain('\n');
    expect(ted.total).toBe(2890260);
    expect(verifyTed(ted)).toEqual({ valid: true, problem: null });
    // Whitespace does not rescue a tampered timbre.
    expect(verifyTed(parsed(spaced.replace('2890260', '2890261'))).problem).toBe(SIGNATURE_PROBLEM);
  });

  it('rejects a TED signed with a key other than the CAF one', () => {
    const forged = buildSignedTed(base, { ...keys, privateKey: otherKeys.privateKey });
    expect(verifyTed(parsed(forged))).toEqual({ valid: false, problem: SIGNATURE_PROBLEM });
  });

  it('reports a missing CAF key or a malformed key or signature without throwing', () => {
    const ted = parsed(SAMPLE);
    expect(verifyTed({ ...ted, caf: null })).toEqual({ valid: false, problem: 'El timbre no trae la llave pública del CAF.' });
    expect(verifyTed(parsed(SAMPLE.replace(/<M>[^<]*<\/M>/, '')))).toEqual({ valid: false, problem: 'El timbre no trae la llave pública del CAF.' });
    const badKey = { valid: false, problem: 'La llave pública del CAF del timbre no es válida.' };
    expect(verifyTed({ ...ted, caf: { ...ted.caf!, modulus: '!!!' } })).toEqual(badKey);
    expect(verifyTed({ ...ted, caf: { ...ted.caf!, modulus: 'qMZP0GA7rdYDj4e4hnu+fuhc' } })).toEqual(badKey);
    // A full-length modulus with a zero exponent imports but cannot verify anything.
    expect(verifyTed({ ...ted, caf: { ...ted.caf!, exponent: 'AA==' } })).toEqual({ valid: false, problem: SIGNATURE_PROBLEM });
    expect(verifyTed({ ...ted, signature: 'no-es-base64' })).toEqual({ valid: false, problem: SIGNATURE_PROBLEM });
    expect(verifyTed({ ...ted, signature: Buffer.alloc(200, 7).toString('base64') })).toEqual({ valid: false, problem: SIGNATURE_PROBLEM });
    expect(verifyTed({ ...ted, signature: null }).valid).toBe(false);
  });
});

describe('createCafKeyPair and buildSignedTed', () => {
  it('makes 1024-bit exponent-3 keys by default and flattened TEDs', () => {
    const k = createCafKeyPair();
    expect(Buffer.from(k.modulus, 'base64')).toHaveLength(128);
    expect(k.exponent).toBe('Aw==');
    const raw = buildSignedTed({ ...base, issuerName: 'A & B <SpA>' }, k);
    expect(raw).toMatch(/^<TED version="1\.0"><DD>.*<\/DD><FRMT algoritmo="SHA1withRSA">[^<]+<\/FRMT><\/TED>$/);
    expect(raw).not.toMatch(/>\s+</);
    expect(raw).toContain('<RS>A &amp; B &lt;SpA&gt;</RS>');
    expect(verifyTed(parsed(raw)).valid).toBe(true);
  });
});

describe('summarizeTed', () => {
  it('labels the sample as a Factura Electrónica with a valid signature', () => {
    expect(summarizeTed(parsed(SAMPLE))).toEqual({
      issuerRut: '44300251-0',
      documentTypeCode: 33,
      documentTypeLabel: 'Factura Electrónica',
      folio: '375',
      date: '2010-11-10',
      total: 2890260,
      receiverRut: '1-9',
      receiverName: 'EDUARDO HONZALEZ MENDEZ',
      firstItem: 'prueba',
      signatureValid: true,
      problem: null,
    });
  });

  it('carries the problem of an invalid timbre', () => {
    const summary = summarizeTed(parsed(SAMPLE.replace('<MNT>2890260</MNT>', '<MNT>2890261</MNT>')));
    expect(summary.signatureValid).toBe(false);
    expect(summary.problem).toBe(SIGNATURE_PROBLEM);
  });
});
