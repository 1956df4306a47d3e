import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/*
 * The interactive API reference at /api/docs: Swagger UI from the swagger-ui-dist package, served by us (no CDN),
 * reading /api/openapi.json. A strict CSP: only our own scripts, styles and the document.
 */

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rendix · Referencia de la API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, persistAuthorization: false });`;

const CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();
  const asset = async (name: string) => {
    let data = cache.get(name);
    if (!data) cache.set(name, (data = await readFile(join(distDir, name))));
    return data;
  };
  const opts = { schema: { hide: true }, config: { auth: 'public' as const } };

  app.get('/docs', opts, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/docs/init.js', opts, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT));
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`/docs/${name}`, opts, async (_request, reply) => reply.type(type).header('cache-control', 'public, max-age=86400').send(await asset(name)));
  }
};
