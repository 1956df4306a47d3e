import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INPUT_MSG, isSafeText } from '@shared/input.js';
import { AppError, errors } from '../errors.js';

/*
 * The input boundary before the route schemas: JSON bodies nested deeper than any request of ours are refused
 * before they are parsed (no handler ever walks 5,000 levels), and query strings and path parameters carry
 * only text PostgreSQL can store (the route schemas check the fields they know; this also covers the ones
 * they do not, which they drop).
 */

/** Deepest nesting of objects and lists a request body may have; our bodies need 3. */
export const MAX_JSON_DEPTH = 32;
export const INVALID_JSON_MSG = 'El cuerpo de la solicitud no es JSON válido.';

/** Whether `text` opens more than `max` objects or lists inside one another (brackets inside strings do not count). */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function assertSafeValues(values: unknown): void {
  if (!values || typeof values !== 'object') return;
  for (const [key, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    if (!isSafeText(key) || list.some((v) => typeof v === 'string' && !isSafeText(v))) throw errors.badRequest(INPUT_MSG.text, isSafeText(key) ? key : undefined);
  }
}

/**
 * Replaces the JSON body parser with one that refuses bodies nested deeper than MAX_JSON_DEPTH (400, the
 * invalid-JSON message) and then parses as Fastify does (prototype poisoning refused); and checks the query
 * string and path parameters of every /api request. Call after the authentication hook, so a request
 * without credentials is still 401 before its input is judged.
 */
export function registerInputBoundary(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingExceeds(String(body))) {
      done(new AppError('bad_request', 400, INVALID_JSON_MSG), undefined);
      return;
    }
    parseJson(request, String(body), done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    assertSafeValues(request.query);
    assertSafeValues(request.params);
  });
}
