/** Signed SII timbres (TED) and their PDF417 rendering. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import { buildSignedTed, createCafKeyPair } from '../../../src/server/receipts/ted.js';
import { deterministicCafKeys, type CafKeys } from './keys.js';
import type { Rng } from './random.js';

export const SII_SAMPLE_PATH = fileURLToPath(new URL('../../../tests/fixtures/sii-sample-ted.xml', import.meta.url));

/** The SII's published sample timbre (factura 33, folio 375 of 44300251-0, 2010-11-10, total 2.890.260). */
export function siiSampleTed(): string {
  return readFileSync(SII_SAMPLE_PATH, 'latin1').trim();
}

export interface TedInput {
  issuerRut: string;
  documentTypeCode: number;
  folio: number;
  date: string;
  total: number;
  receiverRut?: string;
  receiverName?: string;
  firstItem?: string;
  issuerName?: string;
  stampedAt?: string;
}

/** One CAF key per issuer and document type, derived from the corpus seed (or random with `randomKeys`). */
export class TimbreFactory {
  private readonly keys = new Map<string, CafKeys>();
  constructor(
    private readonly rng: Rng,
    private readonly randomKeys = false,
  ) {}

  private keysFor(issuerRut: string, type: number): CafKeys {
    const id = `${issuerRut}/${type}`;
    let k = this.keys.get(id);
    if (!k) {
      k = this.randomKeys ? createCafKeyPair() : deterministicCafKeys(this.rng.fork(`caf:${id}`));
      this.keys.set(id, k);
    }
    return k;
  }

  ted(input: TedInput): string {
    const from = Math.max(1, input.folio - 1 - (input.folio % 997));
    // The SII caps RS (razón social in the CAF) and IT1 at 40 characters.
    return buildSignedTed(
      {
        ...input,
        issuerName: input.issuerName?.slice(0, 40),
        firstItem: input.firstItem?.slice(0, 40),
        cafRange: { from, to: from + 4999 },
      },
      this.keysFor(input.issuerRut, input.documentTypeCode),
    );
  }
}

/**
 * The PDF417 image of a TED (ISO-8859-1 bytes, error correction level 5 as the SII requires), black on white with
 * a quiet zone. `scale` is pixels per module.
 */
export async function timbrePng(ted: string, opts: { columns?: number; scale?: number; rowmult?: number } = {}): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'pdf417',
    text: ted,
    binarytext: true,
    columns: opts.columns ?? 10,
    eclevel: 5,
    scale: opts.scale ?? 2,
    rowmult: opts.rowmult ?? 3,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 6,
    paddingheight: 6,
  } as Parameters<typeof bwipjs.toBuffer>[0]);
}

export const TIMBRE_CAPTION = ['Timbre Electrónico SII', 'Res. 80 de 2014', 'Verifique documento: www.sii.cl'];
