/** Chilean thermal boletas (TD 39): header, items, totals, payment, optional signed timbre. */
import { DATE_STYLES, addDays, clp, cols, formatDate, randomDate, randomTime, type DateStyle } from '../lib/format.js';
import { companyRut, type Rng, type Rut } from '../lib/random.js';
import type { PrintLine, StyledLine } from '../lib/thermal.js';
import type { TimbreFactory } from '../lib/timbre.js';
import type { TruthEntry } from '../truth.js';
import type { Merchant } from './merchants.js';

export interface BoletaVariant {
  timbre?: boolean;
  dateStyle?: DateStyle;
  /** Cash paid with a big bill: EFECTIVO and VUELTO printed after the TOTAL. */
  cash?: boolean;
  discount?: boolean;
  /** SUBTOTAL printed double-size above a smaller TOTAL. */
  subtotalBig?: boolean;
  totalLabel?: string;
  /** Amounts printed without '$'. */
  noDollar?: boolean;
  tip?: boolean;
  /** The timbre's MNT differs from the printed TOTAL. */
  mismatch?: boolean;
  /** 'TOTAL' on one line and the amount alone on the next. */
  totalOnNextLine?: boolean;
  /** Loyalty points and transaction numbers bigger than the total. */
  bigNumbers?: boolean;
  /** A second, later date (coupon validity). */
  validUntil?: boolean;
  /** Net and IVA lines before the TOTAL. */
  netIva?: boolean;
  faint?: boolean;
  /** A thermal FACTURA ELECTRONICA (TD 33) to a company: two RUTs printed, the receiver's below the issuer's. */
  factura?: { name: string; rut: Rut; giro: string };
}

export interface BuiltThermal {
  lines: PrintLine[];
  footer: PrintLine[];
  cols: number;
  /** Paper width in dots (576 = 80 mm, 384 = 58 mm). */
  width?: number;
  font?: 'DejaVu Sans Mono' | 'DejaVu Sans';
  ted: string | null;
  truth: Omit<TruthEntry, 'file' | 'kind'>;
}

/** Merchants whose RUT ends in K (the 'R.U.T.: 76.012.345-K' case). */
const K_RUT = new Set(['lider', 'doggis', 'saba', 'easy']);

export function merchantRut(root: Rng, m: Merchant): Rut {
  return companyRut(root.fork(`rut:${m.key}`), { old: m.oldRut, dv: K_RUT.has(m.key) ? 'K' : undefined });
}

/** Word-wraps to `width` columns, centred. */
export function wrapCentered(text: string, width: number, style: Partial<StyledLine> = {}): StyledLine[] {
  const out: StyledLine[] = [];
  let cur = '';
  for (const word of text.split(/\s+/)) {
    if (cur && cur.length + 1 + word.length > width) {
      out.push({ ...style, text: cur, align: 'center' });
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push({ ...style, text: cur, align: 'center' });
  return out;
}

const price = (rng: Rng, min: number, max: number) => Math.round(rng.int(min, max) / 10) * 10;

interface Item {
  name: string;
  qty: number;
  unit: number;
  detail?: string;
  total: number;
}

function buildItems(rng: Rng, m: Merchant, date: string, time: string): { items: Item[]; extra: string[] } {
  const pick = () => rng.pick(m.items);
  const extra: string[] = [];
  switch (m.kind) {
    case 'fuel': {
      const [name, min, max] = pick();
      const unit = rng.int(min, max);
      const total = rng.chance(0.6) ? rng.pick([10000, 15000, 20000, 25000, 30000, 40000, 50000]) : rng.int(18000, 62000);
      const liters = (total / unit).toFixed(3).replace('.', ',');
      extra.push(`SURTIDOR: ${rng.int(1, 12)}  MANGUERA: ${rng.int(1, 4)}`);
      return { items: [{ name, qty: 1, unit: total, total, detail: `${liters} L x $${clp(unit)}/L` }], extra };
    }
    case 'parking': {
      const [name, min, max] = pick();
      const total = price(rng, min, max);
      const mins = rng.int(20, 300);
      extra.push(`PATENTE: ${rng.pick(['HJKL', 'GFRT', 'KXPZ', 'DRSW'])}-${rng.int(10, 99)}`);
      const inAt = new Date(Date.parse(`${date}T${time}:00Z`) - mins * 60_000).toISOString().slice(11, 16);
      extra.push(`ENTRADA: ${inAt}   SALIDA: ${time}`);
      extra.push(`TIEMPO: ${String(Math.floor(mins / 60)).padStart(2, '0')}:${String(mins % 60).padStart(2, '0')}`);
      return { items: [{ name, qty: 1, unit: total, total }], extra };
    }
    case 'toll': {
      const [name, min, max] = pick();
      const total = price(rng, min, max);
      extra.push(`VIA: ${rng.int(1, 8)}   CATEGORIA: 1`);
      return { items: [{ name, qty: 1, unit: total, total }], extra };
    }
    case 'airline': {
      const [name, min, max] = pick();
      const total = price(rng, min, max);
      extra.push(`PNR: ${rng.pick(['XKJ4TZ', 'QWP7LM', 'HTR2NB', 'ZKD9FE'])}   VUELO: ${rng.pick(['H2', 'LA'])} ${rng.int(100, 999)}`);
      extra.push(rng.pick(['SCL-CCP', 'SCL-PMC', 'SCL-ANF', 'SCL-PUQ', 'SCL-CJC']));
      return { items: [{ name, qty: 1, unit: total, total }], extra };
    }
    case 'hotel': {
      const [name, min, max] = m.items[0];
      const nights = rng.int(1, 3);
      const unit = price(rng, min, max);
      const items: Item[] = [{ name, qty: nights, unit, total: nights * unit }];
      if (m.items.length > 1 && rng.chance(0.5)) {
        const [n2, a, b] = m.items[1];
        const u2 = price(rng, a, b);
        items.push({ name: n2, qty: nights, unit: u2, total: nights * u2 });
      }
      extra.push(`HABITACION: ${rng.int(101, 812)}   NOCHES: ${nights}`);
      extra.push(`CHECK-IN: ${formatDate(addDays(date, -nights), 'dd/mm/yyyy')}  CHECK-OUT: ${formatDate(date, 'dd/mm/yyyy')}`);
      return { items, extra };
    }
    default: {
      const n = m.kind === 'super' ? rng.int(3, 9) : m.kind === 'food' ? rng.int(1, 4) : rng.int(1, 5);
      const items = rng.sample(m.items, n).map(([name, min, max]) => {
        const qty = rng.chance(0.2) ? rng.int(2, 3) : 1;
        const unit = price(rng, min, max);
        return { name, qty, unit, total: qty * unit };
      });
      return { items, extra };
    }
  }
}

const RUT_LABELS = ['R.U.T.: ', 'RUT: ', 'R.U.T. ', 'RUT '];
const FOLIO_LABELS = ['N° ', 'FOLIO: ', 'Nº ', 'N°: '];

export function buildBoleta(rng: Rng, root: Rng, m: Merchant, timbres: TimbreFactory, v: BoletaVariant = {}): BuiltThermal {
  const W = m.cols ?? rng.pick([40, 42, 42, 48]);
  const rut = merchantRut(root, m);
  const $ = (n: number) => (v.noDollar ? clp(n) : `${rng.chance(0.25) ? '$ ' : '$'}${clp(n)}`);
  const date = randomDate(rng);
  const time = randomTime(rng);
  const dateStyle = v.dateStyle ?? rng.pick(DATE_STYLES);
  const folio = m.kind === 'super' || m.kind === 'fuel' ? rng.int(1_000_000, 99_999_999) : rng.int(1000, 999_999);
  const address = rng.pick(m.addresses);
  const faint = v.faint ? { faint: true } : {};
  const L = (text: string, style: Partial<StyledLine> = {}): StyledLine => ({ ...faint, ...style, text });

  const lines: PrintLine[] = [];
  lines.push(...wrapCentered(m.brand, Math.floor(W / 1.55), { big: true, ...faint }));
  lines.push(...wrapCentered(m.legal, W, faint));
  const rutText = `${rng.pick(RUT_LABELS)}${rng.chance(0.85) ? rut.dotted : rut.normalized}`;
  lines.push(L(rutText, { align: 'center' }));
  lines.push(...wrapCentered(`GIRO: ${m.giro}`, W, faint));
  lines.push(...wrapCentered(address, W, faint));
  lines.push('');
  const title = v.factura ? 'FACTURA ELECTRONICA' : rng.chance(0.7) ? 'BOLETA ELECTRONICA' : 'BOLETA ELECTRÓNICA';
  lines.push(L(title, { align: 'center', bold: true }));
  lines.push(L(`${rng.pick(FOLIO_LABELS)}${folio}`, { align: 'center', bold: true }));
  lines.push('');
  const d = formatDate(date, dateStyle);
  const dateLine = rng.pick([`FECHA: ${d}  HORA: ${time}`, `FECHA EMISION: ${d}`, `${d}  ${time}`, `Fecha: ${d} Hora: ${time}`]);
  lines.push(L(dateLine));
  if (v.factura) {
    lines.push(L(`SEÑOR(ES): ${v.factura.name}`));
    lines.push(L(`RUT: ${v.factura.rut.dotted}`));
    lines.push(L(`GIRO: ${v.factura.giro}`));
  }
  if (m.kind === 'super' || m.kind === 'hardware') lines.push(L(`CAJA: ${rng.int(1, 40)}  CAJERO: ${rng.int(1000, 9999)}  TRX: ${rng.int(1000, 9999)}`));
  if (m.kind === 'food') lines.push(L(`MESA: ${rng.int(1, 30)}  GARZON: ${rng.pick(['MARIA', 'PEDRO', 'CAMILA', 'JOSE'])}`));
  const { items, extra } = buildItems(rng, m, date, time);
  extra.forEach((e) => lines.push(L(e)));
  const sep = '-'.repeat(W);
  lines.push(L(sep));
  for (const it of items) {
    if (it.detail) lines.push(L(it.detail));
    if (it.qty > 1) lines.push(L(`  ${it.qty} x ${$(it.unit)}`));
    lines.push(L(cols(it.name, $(it.total), W)));
  }
  lines.push(L(sep));

  const sum = items.reduce((a, it) => a + it.total, 0);
  const discount = v.discount ? Math.min(rng.pick([500, 1000, 1500, 2000, 3000]), Math.floor(sum / 3 / 10) * 10) : 0;
  const total = sum - discount;
  const totalLabel = v.totalLabel ?? rng.pick(['TOTAL', 'TOTAL', 'TOTAL', 'TOTAL $']);
  if (discount || v.subtotalBig || rng.chance(0.3)) lines.push(L(cols('SUBTOTAL', $(sum), v.subtotalBig ? Math.floor(W / 1.55) : W), { big: v.subtotalBig }));
  if (discount) lines.push(L(cols(rng.pick(['DESCUENTO', 'DCTO. CLUB', 'AHORRO PROMOCION']), `-${$(discount)}`, W)));
  if (v.netIva || v.factura) {
    const net = Math.round(total / 1.19);
    lines.push(L(cols('MONTO NETO', $(net), W)));
    lines.push(L(cols('IVA 19%', $(total - net), W)));
  }
  const bigTotal = !v.subtotalBig && rng.chance(0.4);
  if (v.totalOnNextLine) {
    lines.push(L(totalLabel, { bold: true }));
    lines.push(L($(total), { align: 'right', bold: true, big: bigTotal }));
  } else {
    lines.push(L(cols(totalLabel, $(total), bigTotal ? Math.floor(W / 1.55) : W), { bold: true, big: bigTotal }));
  }
  if (v.tip || (m.kind === 'food' && rng.chance(0.35))) {
    const tip = Math.round(total / 10);
    lines.push(L(cols('PROPINA SUGERIDA 10%', $(tip), W)));
    lines.push(L(cols('TOTAL + PROPINA', $(total + tip), W)));
  }
  lines.push('');
  if (v.cash || rng.chance(0.3)) {
    const bills = [1000, 2000, 5000, 10000, 20000, 50000];
    const bill = bills.find((b) => b >= total * 1.05) ?? Math.ceil(total / 10000) * 10000 + 10000;
    const paid = v.cash ? Math.max(bill, Math.ceil((total + 1) / 10000) * 10000) : bill;
    lines.push(L(cols('EFECTIVO', $(paid), W)));
    lines.push(L(cols('VUELTO', $(paid - total), W)));
  } else if (rng.chance(0.5)) {
    lines.push(L(cols(rng.pick(['TARJETA DEBITO', 'REDCOMPRA DEBITO', 'T. DEBITO']), $(total), W)));
    lines.push(L(`N° OPERACION: ${rng.int(100000, 999999)}  COD. AUT.: ${rng.int(100000, 999999)}`));
  } else {
    lines.push(L(cols(`${rng.pick(['VISA', 'MASTERCARD', 'AMEX'])} CREDITO ****${rng.digits(4)}`, $(total), W)));
    lines.push(L(`CUOTAS: ${rng.pick([1, 1, 1, 3, 6])}  COD. AUT.: ${rng.int(100000, 999999)}`));
  }
  if (!v.factura && rng.chance(0.5)) lines.push(L(`El IVA de esta boleta es: ${$(total - Math.round(total / 1.19))}`));
  if (v.bigNumbers) {
    lines.push(L(cols('PUNTOS ACUMULADOS', clp(rng.int(10000, 99999)), W)));
    lines.push(L(cols('SALDO PUNTOS', clp(rng.int(100000, 999999)), W)));
    lines.push(L(`TRX ${rng.digits(12)}  TERMINAL ${rng.digits(8)}`));
  }
  if (v.validUntil) {
    const until = formatDate(new Date(Date.parse(date) + rng.int(10, 40) * 86_400_000).toISOString().slice(0, 10), 'dd/mm/yyyy');
    lines.push('');
    lines.push(L('CUPON 15% DCTO. EN TU PROXIMA COMPRA', { align: 'center' }));
    lines.push(L(`VALIDO HASTA ${until}`, { align: 'center' }));
  }

  let ted: string | null = null;
  let mnt = total;
  if (v.timbre) {
    if (v.mismatch) mnt = total + rng.pick([-900, -90, 90, 1000, -1000]);
    const receiver = v.factura ? { receiverRut: v.factura.rut.normalized, receiverName: v.factura.name } : { receiverRut: '66666666-6' };
    ted = timbres.ted({ issuerRut: rut.normalized, documentTypeCode: v.factura ? 33 : 39, folio, date, total: mnt, ...receiver, firstItem: items[0].name, issuerName: m.legal, stampedAt: `${date}T${time}:${String(rng.int(0, 59)).padStart(2, '0')}` });
  }
  const footer: PrintLine[] = [{ text: rng.pick(['GRACIAS POR SU COMPRA', 'GRACIAS POR SU VISITA', 'VUELVA PRONTO']), align: 'center' }];
  if (!ted && rng.chance(0.5)) footer.push({ text: 'Verifique documento en www.sii.cl', align: 'center' });

  const tags = [`date:${dateStyle}`, `cols:${W}`];
  if (ted) tags.push('timbre');
  for (const [k, on] of Object.entries(v)) if (on === true && k !== 'timbre') tags.push(k);
  if (v.factura) tags.push('thermal-factura', 'receiver-rut');
  return {
    lines,
    footer,
    cols: W,
    ted,
    truth: {
      amount: mnt,
      currency: 'CLP',
      date,
      documentType: v.factura ? 'factura' : 'boleta',
      taxId: rut.normalized,
      folio: String(folio),
      category: v.factura ? 'factura' : m.category,
      hasTimbre: !!ted,
      timbreLegible: !!ted,
      ...(mnt !== total ? { printedTotalMismatch: true } : {}),
      issuer: m.brand,
      tags,
    },
  };
}
