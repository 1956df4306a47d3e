import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for Banco Central de Chile's statistics web service (SieteRestWS), written from its public contract:
 *   GET /SieteRestWS/SieteRestWS.ashx?user=…&pass=…&firstdate=YYYY-MM-DD&lastdate=YYYY-MM-DD&timeseries=<code>&function=GetSeries
 * answers `{ Codigo: 0, Descripcion: 'Success', Series: { descripEsp, descripIng, seriesId, Obs: [{ indexDateString:
 * 'dd-mm-yyyy', value: '934.51', statusCode: 'OK' }] }, SeriesInfos: [] }` with the business days of the range only
 * (weekends and the holidays given are absent), Codigo -5 for wrong credentials, -50 for an unknown series.
 * `rates` holds, per series, a value per business day (YYYY-MM-DD); `down` answers 503; `requests` records the queries.
 */
export async function startBcchDouble(opts: { user: string; pass: string; rates: Record<string, Record<string, number>> }) {
  const requests: URLSearchParams[] = [];
  let down = false;
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/SieteRestWS/SieteRestWS.ashx') return json(res, 404, { message: 'Not found' });
    const q = url.searchParams;
    requests.push(q);
    if (down) return json(res, 503, { message: 'Service Unavailable' });
    if (q.get('user') !== opts.user || q.get('pass') !== opts.pass) return json(res, 200, { Codigo: -5, Descripcion: 'Invalid username or password', Series: { descripEsp: null, descripIng: null, seriesId: null, Obs: null }, SeriesInfos: [] });
    if (q.get('function') !== 'GetSeries') return json(res, 200, { Codigo: -1, Descripcion: 'Invalid function', Series: null, SeriesInfos: [] });
    const code = q.get('timeseries') ?? '';
    const series = opts.rates[code];
    if (!series) return json(res, 200, { Codigo: -50, Descripcion: 'The series does not exist', Series: { descripEsp: null, descripIng: null, seriesId: null, Obs: null }, SeriesInfos: [] });
    const first = q.get('firstdate') ?? '0000-00-00';
    const last = q.get('lastdate') ?? '9999-99-99';
    const obs = Object.entries(series)
      .filter(([d]) => d >= first && d <= last)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([d, v]) => ({ indexDateString: `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`, value: String(v), statusCode: 'OK' }));
    return json(res, 200, { Codigo: 0, Descripcion: 'Success', Series: { descripEsp: 'Serie de prueba', descripIng: 'Test series', seriesId: code, Obs: obs }, SeriesInfos: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/SieteRestWS/SieteRestWS.ashx`,
    requests,
    setDown(v: boolean) {
      down = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
