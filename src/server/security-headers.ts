import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from './env.js';

/*
 * Security headers on every answer (issue 13): helmet with a strict Content-Security-Policy for the web app, a
 * Permissions-Policy, HSTS only where the browser reached us over HTTPS, and the sandbox policy of stored files.
 */

/** sha256 sources for every inline `<script>` (no src) of an HTML page, exactly as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2]) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The web app's policy. Scripts: our files and the hashed inline script of the built index.html (it hides the
 * prerendered landing for signed-in browsers), nothing inline else, no eval. Styles allow inline because Radix
 * (scroll lock) and sonner (toasts) insert `<style>` elements at run time with computed content, and the built
 * index.html carries the entry's stylesheet inline (vite.config.ts); React's `style` props go through CSSOM. Images: receipt previews are blob: URLs, jsPDF and icons use data:.
 */
export function appCsp(scriptHashes: string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * A stored file (receipt) shown inline: no script, no plugin content of its own, a unique origin (sandbox). Chromium's
 * PDF viewer still opens a PDF under it; an HTML payload hidden behind PDF or PNG magic bytes runs nothing.
 */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** Camera for receipt photos (our own pages only); every other powerful feature off. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), display-capture=(), magnetometer=(), gyroscope=(), accelerometer=()';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The CSP of one built index.html, recomputed only when its content changes (a rebuild while running). */
export function clientCspCache(): (html: string) => string {
  let last: { html: string; csp: string } | null = null;
  return (html) => {
    if (last?.html !== html) last = { html, csp: appCsp(inlineScriptHashes(html)) };
    return last.csp;
  };
}

/** HSTS only where the browser talks HTTPS to us: the request says so (through a trusted proxy), or production on an https APP_URL. */
export function wantsHsts(request: FastifyRequest, env: Pick<Env, 'NODE_ENV'>, appUrl: string): boolean {
  return request.protocol === 'https' || (env.NODE_ENV === 'production' && appUrl.startsWith('https:'));
}

/** Headers for a stored file sent inline: the sandbox policy, no sniffing, the detected type only. */
export function storedFileHeaders(reply: FastifyReply, detectedType: string | null): FastifyReply {
  return reply
    .header('content-type', detectedType ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_FILE_CSP);
}

export interface SecurityHeadersOptions {
  /** Built client folder; its index.html gives the inline-script hashes (none when there is no build). */
  clientDir: string;
  env: Pick<Env, 'NODE_ENV'>;
  /** Read per request: tests move it after the server listens. */
  appUrl: () => string;
}

/** Registers helmet (global) and the headers helmet does not set. Returns the CSP of a given index.html. */
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): Promise<(html: string) => string> {
  const cspFor = clientCspCache();
  const index = `${opts.clientDir}/index.html`;
  const csp = cspFor(existsSync(index) ? readFileSync(index, 'utf8') : '');
  await app.register(fastifyHelmet, {
    // Written as one string below: helmet's directive object would add its own defaults (upgrade-insecure-requests
    // breaks plain-http installs on a LAN).
    contentSecurityPolicy: false,
    // Per request (wantsHsts): helmet's is static.
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (wantsHsts(request, opts.env, opts.appUrl())) reply.header('strict-transport-security', HSTS);
  });
  return cspFor;
}
