import type { FastifyRequest } from 'fastify';
import type { Env } from './env.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './email/mailer.js';
import type { JobQueue } from './jobs/queue.js';
import type { ReceiptAnalyzer } from './receipts/service.js';
import type { ReceiptStorage } from './storage/receipts.js';
import type { SessionContext } from './auth/service.js';
import { errors } from './errors.js';
import { tokenActor, type ApiTokenContext } from './api-tokens/service.js';
import type { Actor } from './policies/index.js';

/** What every route module receives: no globals, so tests build as many apps as they like. */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: ReceiptStorage;
  /** Durable background jobs (pg-boss). */
  jobs: JobQueue;
  /** Receipt reading: worker threads, the optional vision model, the analysis cache. */
  receipts: ReceiptAnalyzer;
  /** Public base URL for links in e-mails. */
  appUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
    sessionId: string | null;
    /** Set when the request authenticated with a Bearer API token (then `session` is always null). */
    apiToken: ApiTokenContext | null;
  }
}

/** The signed-in user's context, or 401. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw errors.unauthorized();
  return request.session;
}

/** Routes with `config.auth` 'either' or 'bearer': the token's company acting as an admin, or the session's user. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.apiToken) return tokenActor(request.apiToken);
  return actorOf(requireSession(request));
}

export function actorOf(ctx: SessionContext): Actor {
  return { userId: ctx.user.id, isSuperAdmin: ctx.user.isSuperAdmin, companyId: ctx.companyId, role: ctx.role };
}
