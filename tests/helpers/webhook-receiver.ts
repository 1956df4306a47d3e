import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export type Step = 'ok' | 'fail' | 'hang' | 'redirect';
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver on 127.0.0.1: one script of responses per path, every request recorded. */
export async function startReceiver() {
  const scripts = new Map<string, Step[]>();
  const received = new Map<string, Received[]>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const list = received.get(path) ?? [];
      list.push({ headers: req.headers, body });
      received.set(path, list);
      const steps = scripts.get(path) ?? ['ok'];
      const step = steps[Math.min(list.length - 1, steps.length - 1)];
      if (step === 'hang') return;
      if (step === 'redirect') return res.writeHead(302, { location: '/redirected' }).end();
      if (step === 'fail') return res.writeHead(500, { 'content-type': 'text/plain' }).end('receptor caído');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: (path: string, ...steps: Step[]) => {
      if (steps.length) scripts.set(path, steps);
      return base + path;
    },
    requests: (path: string) => received.get(path) ?? [],
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
