/** Chilean merchants as they appear on their thermal boletas, with what they sell. RUTs are generated per corpus. */
import type { Category } from '../truth.js';

export type MerchantKind = 'super' | 'fuel' | 'hardware' | 'food' | 'hotel' | 'parking' | 'toll' | 'airline' | 'pharmacy';

export interface Merchant {
  key: string;
  /** Printed big at the top. */
  brand: string;
  legal: string;
  giro: string;
  addresses: string[];
  kind: MerchantKind;
  category: Category;
  /** name, min and max unit price (CLP). */
  items: Array<[string, number, number]>;
  cols?: number;
  /** 96 million RUT (older S.A.). */
  oldRut?: boolean;
}

const SUPER_ITEMS: Array<[string, number, number]> = [
  ['LECHE ENTERA COLUN 1L', 1090, 1290],
  ['PAN MARRAQUETA KG', 1990, 2490],
  ['HUEVOS BLANCOS 12 UN', 3290, 3990],
  ['ARROZ G1 TUCAPEL 1KG', 1490, 1890],
  ['ACEITE VEGETAL BELMONT 1L', 2190, 2790],
  ['QUESO GAUDA LAMINADO 250G', 2890, 3590],
  ['TOMATE LARGA VIDA KG', 1290, 1990],
  ['PALTA HASS KG', 3990, 5990],
  ['CAFE NESCAFE TRADICION 170G', 5490, 6990],
  ['AGUA MINERAL CACHANTUN 1.6L', 790, 1190],
  ['BEBIDA COCA COLA 3L', 2590, 3190],
  ['GALLETAS TRITON 126G', 690, 990],
  ['SERVILLETAS NOBLE 100UN', 990, 1490],
  ['PAPEL HIGIENICO ELITE 8R', 4990, 6490],
  ['JUGO WATTS NARANJA 1.5L', 1190, 1590],
  ['YOGHURT SOPROLE FRUTILLA', 390, 590],
  ['FIDEOS CAROZZI SPAGHETTI 5', 990, 1290],
  ['TE SUPREMO 100 BOLSAS', 2490, 3190],
];

export const MERCHANTS: Merchant[] = [
  { key: 'lider', brand: 'LIDER', legal: 'ADMINISTRADORA DE SUPERMERCADOS HIPER LTDA', giro: 'SUPERMERCADOS', addresses: ['AV. AMERICO VESPUCIO 1737, HUECHURABA', 'AV. LA FLORIDA 9421, LA FLORIDA'], kind: 'super', category: 'alimentacion', items: SUPER_ITEMS, cols: 48 },
  { key: 'jumbo', brand: 'JUMBO', legal: 'CENCOSUD RETAIL S.A.', giro: 'SUPERMERCADOS E HIPERMERCADOS', addresses: ['AV. KENNEDY 9001, LAS CONDES', 'AV. OSSA 655, LA REINA'], kind: 'super', category: 'alimentacion', items: SUPER_ITEMS, oldRut: true },
  { key: 'unimarc', brand: 'UNIMARC', legal: 'RENDIC HERMANOS S.A.', giro: 'VENTA AL POR MENOR EN SUPERMERCADOS', addresses: ['AV. IRARRAZAVAL 2401, NUNOA', 'AV. PAJARITOS 2770, MAIPU'], kind: 'super', category: 'alimentacion', items: SUPER_ITEMS, oldRut: true },
  { key: 'santa-isabel', brand: 'SANTA ISABEL', legal: 'CENCOSUD RETAIL S.A.', giro: 'SUPERMERCADOS', addresses: ['AV. PROVIDENCIA 2124, PROVIDENCIA', 'SAN ANTONIO 350, SANTIAGO'], kind: 'super', category: 'alimentacion', items: SUPER_ITEMS, oldRut: true },
  { key: 'copec', brand: 'COPEC', legal: 'COMPAÑIA DE PETROLEOS DE CHILE COPEC S.A.', giro: 'VENTA DE COMBUSTIBLES Y LUBRICANTES', addresses: ['RUTA 5 SUR KM 54, PAINE', 'AV. VICUNA MACKENNA 4215, SAN JOAQUIN'], kind: 'fuel', category: 'combustible', items: [['GASOLINA 93', 1239, 1319], ['GASOLINA 95', 1279, 1359], ['PETROLEO DIESEL', 989, 1089]], oldRut: true },
  { key: 'shell', brand: 'SHELL', legal: 'ENEX S.A.', giro: 'DISTRIBUCION DE COMBUSTIBLES', addresses: ['AV. LAS CONDES 12265, LAS CONDES', 'AV. GRECIA 8500, PENALOLEN'], kind: 'fuel', category: 'combustible', items: [['SHELL V-POWER 97', 1369, 1449], ['SUPER 93', 1239, 1319], ['DIESEL', 989, 1089]] },
  { key: 'aramco', brand: 'ARAMCO', legal: 'ESMAX DISTRIBUCION SpA', giro: 'COMERCIALIZACION DE COMBUSTIBLES', addresses: ['AV. APOQUINDO 5950, LAS CONDES', 'CAMINO A MELIPILLA 10300, MAIPU'], kind: 'fuel', category: 'combustible', items: [['GAS 93 OCT', 1239, 1319], ['GAS 95 OCT', 1279, 1359], ['DIESEL', 989, 1089]] },
  { key: 'petrobras', brand: 'PETROBRAS', legal: 'ESMAX DISTRIBUCION SpA', giro: 'COMERCIALIZACION DE COMBUSTIBLES', addresses: ['AV. LIBERTADOR B. O\'HIGGINS 3720, ESTACION CENTRAL'], kind: 'fuel', category: 'combustible', items: [['GASOLINA 93', 1239, 1319], ['DIESEL', 989, 1089]] },
  { key: 'sodimac', brand: 'SODIMAC HOMECENTER', legal: 'SODIMAC S.A.', giro: 'VENTA DE MATERIALES DE CONSTRUCCION', addresses: ['AV. PRESIDENTE KENNEDY 9001, LAS CONDES', 'AV. AMERICO VESPUCIO 1001, QUILICURA'], kind: 'hardware', category: 'materiales', oldRut: true, items: [['CEMENTO POLPAICO 25KG', 4990, 5990], ['TORNILLO VOLCANITA 6X1 100U', 1990, 2690], ['CINTA AISLANTE 3M 20M', 1290, 1790], ['TARUGO FISHER 8MM 50U', 2190, 2890], ['PINTURA LATEX SIPA 1GL', 12990, 16990], ['BROCHA 2 PULG', 1490, 1990], ['CABLE ELECTRICO 2.5MM 10M', 8990, 11990]] },
  { key: 'easy', brand: 'EASY', legal: 'EASY RETAIL S.A.', giro: 'VENTA DE ARTICULOS DE FERRETERIA Y HOGAR', addresses: ['AV. LA FLORIDA 8888, LA FLORIDA', 'AV. EL LLANO SUBERCASEAUX 3519, SAN MIGUEL'], kind: 'hardware', category: 'materiales', items: [['MARTILLO CARPINTERO 16OZ', 5990, 7990], ['AMPOLLETA LED 9W', 1290, 1890], ['SILICONA TRANSPARENTE 280ML', 2990, 3790], ['LIJA AGUA N 120', 390, 590], ['GUANTES DE SEGURIDAD', 1990, 2990], ['ALARGADOR 3 POSICIONES', 3490, 4490]] },
  { key: 'lapiz-lopez', brand: 'LÁPIZ LÓPEZ', legal: 'COMERCIAL LAPIZ LOPEZ SpA', giro: 'LIBRERIA Y ARTICULOS DE OFICINA', addresses: ['AV. PROVIDENCIA 1939, PROVIDENCIA', 'HUERFANOS 1052, SANTIAGO'], kind: 'hardware', category: 'materiales', items: [['RESMA CARTA CHAMEX 500H', 4590, 5490], ['CUADERNO UNIV. 100H', 1690, 2290], ['LAPIZ PASTA BIC AZUL', 290, 450], ['CORCHETERA RAPID', 5990, 8990], ['TONER HP 85A', 54990, 69990], ['ARCHIVADOR LOMO ANCHO', 2490, 3290], ['POST-IT 76X76', 1990, 2590]] },
  { key: 'starbucks', brand: 'STARBUCKS COFFEE', legal: 'STARBUCKS COFFEE CHILE S.A.', giro: 'CAFETERIA', addresses: ['AV. ISIDORA GOYENECHEA 2800, LAS CONDES', 'AEROPUERTO AMB T2, PUDAHUEL'], kind: 'food', category: 'alimentacion', items: [['CAFFE LATTE GRANDE', 3650, 3950], ['CAPPUCCINO TALL', 3250, 3550], ['AMERICANO VENTI', 3150, 3450], ['MUFFIN ARANDANO', 2450, 2750], ['SANDWICH JAMON QUESO', 4450, 4950], ['FRAPPUCCINO MOCHA', 4350, 4750]] },
  { key: 'juan-maestro', brand: 'JUAN MAESTRO', legal: 'GASTRONOMIA Y FRANQUICIAS SpA', giro: 'VENTA DE COMIDA RAPIDA', addresses: ['MALL PLAZA VESPUCIO L-245, LA FLORIDA', 'AHUMADA 180, SANTIAGO'], kind: 'food', category: 'alimentacion', items: [['CHACARERO', 5990, 6990], ['LOMITO ITALIANO', 5490, 6490], ['BARROS LUCO', 5990, 6790], ['PAPAS FRITAS MEDIANAS', 2290, 2790], ['BEBIDA 500ML', 1590, 1890], ['COMBO AS ITALIANO', 7490, 8490]] },
  { key: 'doggis', brand: 'DOGGIS', legal: 'DOGGIS CHILE SpA', giro: 'RESTAURANTES DE COMIDA RAPIDA', addresses: ['MALL COSTANERA CENTER L-5120, PROVIDENCIA', 'AV. PAJARITOS 1800, MAIPU'], kind: 'food', category: 'alimentacion', items: [['COMPLETO ITALIANO XL', 2890, 3390], ['AS ITALIANO', 4490, 5190], ['PAPAS FRITAS', 1990, 2490], ['BEBIDA LATA', 1290, 1590], ['COMBO DOGGIS', 5990, 6790]] },
  { key: 'hotel-diego-de-almagro', brand: 'HOTEL DIEGO DE ALMAGRO', legal: 'INMOBILIARIA E INVERSIONES HOTELERAS DDA S.A.', giro: 'HOTELES', addresses: ['AV. ESPANA 1560, ANTOFAGASTA', 'MATUCANA 1060, SANTIAGO'], kind: 'hotel', category: 'hospedaje', items: [['ALOJAMIENTO HAB. SINGLE', 48000, 69000], ['DESAYUNO BUFFET', 9500, 12500], ['ESTACIONAMIENTO HUESPED', 5000, 8000]] },
  { key: 'hotel-ibis', brand: 'IBIS SANTIAGO PROVIDENCIA', legal: 'HOTELERA ACCOR CHILE S.A.', giro: 'SERVICIOS DE HOTELERIA', addresses: ['AV. PROVIDENCIA 1961, PROVIDENCIA'], kind: 'hotel', category: 'hospedaje', items: [['NOCHE HABITACION STANDARD', 42000, 58000], ['DESAYUNO', 8900, 10900]] },
  { key: 'hostal-puerto-varas', brand: 'HOSTAL LOS ALERCES', legal: 'TURISMO LOS ALERCES LTDA', giro: 'HOSPEDAJE Y TURISMO', addresses: ['SAN JOSE 435, PUERTO VARAS'], kind: 'hotel', category: 'hospedaje', items: [['HOSPEDAJE HAB. DOBLE', 38000, 52000]] },
  { key: 'saba', brand: 'SABA ESTACIONAMIENTOS', legal: 'SABA ESTACIONAMIENTOS DE CHILE S.A.', giro: 'SERVICIO DE ESTACIONAMIENTO', addresses: ['AGUSTINAS 1161, SANTIAGO', 'NUEVA COSTANERA 3900, VITACURA'], kind: 'parking', category: 'transporte', items: [['ESTACIONAMIENTO', 1500, 9800]] },
  { key: 'estacionamiento-mall', brand: 'ESTACIONAMIENTOS PARQUE ARAUCO', legal: 'CENTRAL PARKING SYSTEM CHILE S.A.', giro: 'ESTACIONAMIENTOS', addresses: ['AV. PRESIDENTE KENNEDY 5413, LAS CONDES'], kind: 'parking', category: 'transporte', items: [['TARIFA ESTACIONAMIENTO', 1200, 6400]] },
  { key: 'costanera-norte', brand: 'COSTANERA NORTE', legal: 'SOCIEDAD CONCESIONARIA COSTANERA NORTE S.A.', giro: 'CONCESION DE OBRAS PUBLICAS', addresses: ['GENERAL PRIETO 1430, INDEPENDENCIA'], kind: 'toll', category: 'transporte', oldRut: true, items: [['PASE DIARIO UNICO', 7900, 8900], ['PASE DIARIO TARDE', 4900, 5500]] },
  { key: 'ruta-68', brand: 'RUTA 68 - PLAZA DE PEAJE LO PRADO', legal: 'SOCIEDAD CONCESIONARIA RUTA DEL PACIFICO S.A.', giro: 'CONCESIONES VIALES', addresses: ['RUTA 68 KM 13, PUDAHUEL'], kind: 'toll', category: 'transporte', items: [['TARIFA CAT. 1 AUTO', 3100, 3700]] },
  { key: 'sky', brand: 'SKY AIRLINE', legal: 'SKY AIRLINE S.A.', giro: 'TRANSPORTE AEREO DE PASAJEROS', addresses: ['AEROPUERTO AMB, PUDAHUEL'], kind: 'airline', category: 'transporte', oldRut: true, items: [['EQUIPAJE ADICIONAL 23KG', 18000, 32000], ['SELECCION DE ASIENTO', 4500, 9900], ['CAMBIO DE VUELO', 25000, 45000]] },
  { key: 'latam', brand: 'LATAM AIRLINES', legal: 'LATAM AIRLINES GROUP S.A.', giro: 'TRANSPORTE AEREO', addresses: ['AEROPUERTO AMB, PUDAHUEL', 'AEROPUERTO CARRIEL SUR, TALCAHUANO'], kind: 'airline', category: 'transporte', oldRut: true, items: [['EXCESO DE EQUIPAJE', 22000, 45000], ['CARGO POR CAMBIO', 30000, 55000]] },
];

export function merchant(key: string): Merchant {
  const m = MERCHANTS.find((x) => x.key === key);
  if (!m) throw new Error(`unknown merchant ${key}`);
  return m;
}
