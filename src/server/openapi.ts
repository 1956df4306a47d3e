/**
 * What every route tells the OpenAPI document besides its body: how it authenticates and the shape of its errors.
 * Routes say `config: { auth }`; app.ts turns it into the route's `security` and enforces it.
 */
import { z } from 'zod';
import type { IdempotentResource } from './platform/idempotency.js';

/**
 * - `session`: the browser's session cookie (default). A Bearer token is refused with 401.
 * - `bearer`: an API token only (the external accounting API). A cookie alone is refused with 401.
 * - `either`: an API token or a session (the catalog and expense calls external systems share with the web app).
 * - `public`: no authentication (sign-in, registration, payment notifications, the landing assistant).
 */
export type RouteAuth = 'session' | 'bearer' | 'either' | 'public';

/** A multipart route's fields for the document only (multipart bodies are read by the handler, not validated here). */
export interface MultipartDoc {
  /** The text fields, as the zod object the handler validates them with. */
  fields?: z.ZodObject;
  /** File fields: name → description. */
  files: Record<string, string>;
  required?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    multipart?: MultipartDoc;
    /**
     * Takes an `Idempotency-Key` header: a retry answers the first result (platform/idempotency.ts). Keys belong to the
     * principal and the company it acts in; 'principal' drops the company, for a route that changes the current one.
     * An object names the resource the route records with its write, and how a retry is answered from it.
     */
    idempotent?: boolean | 'principal' | IdempotentResource;
  }
}

export const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  session: [{ cookie: [] }],
  bearer: [{ bearer: [] }],
  either: [{ bearer: [] }, { cookie: [] }],
  public: [],
};

/** The API's one error shape (errors.ts and the error handler in app.ts). */
export const errorSchema = z
  .object({
    message: z.string().describe('Mensaje en español para mostrar al usuario'),
    code: z.string().optional().describe('Código estable del error'),
    field: z.string().optional().describe('Campo inválido, en errores de validación'),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .describe('Error');

export const messageSchema = z.object({ message: z.string() });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Datos inválidos',
  401: 'No autenticado, o token de API inválido o revocado',
  403: 'Sin permiso',
  404: 'No encontrado (o de otra empresa)',
  409: 'Conflicto con el estado actual',
  413: 'Archivo o cuerpo demasiado grande',
  422: 'Archivo ilegible, o una política de gastos de la empresa lo impide',
  429: 'Demasiadas solicitudes',
  502: 'Servicio externo no disponible',
  503: 'Servicio no disponible',
};

/** `response` entries for the error statuses a route can answer. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorSchema> {
  const out: Record<number, typeof errorSchema> = {};
  for (const s of statuses) out[s] = errorSchema.describe(ERROR_DESCRIPTIONS[s] ?? 'Error');
  return out;
}

const binary = z.string().meta({ format: 'binary' });

/** A file answer (sent as a Buffer or stream, never serialised), documented per content type. */
export function binaryResponse(description: string, types: string[]) {
  return { description, content: Object.fromEntries(types.map((t) => [t, { schema: binary }])) };
}

export const receiptFileResponse = binaryResponse('El archivo del comprobante', ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/** The OpenAPI body of a multipart route: its text fields plus binary file fields. */
export function multipartJsonSchema(doc: MultipartDoc): Record<string, unknown> {
  const fields = doc.fields ? (z.toJSONSchema(doc.fields, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] }) : {};
  const properties: Record<string, unknown> = { ...(fields.properties ?? {}) };
  for (const [name, description] of Object.entries(doc.files)) properties[name] = { type: 'string', format: 'binary', description };
  const required = doc.required ?? fields.required ?? [];
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
