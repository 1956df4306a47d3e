import { index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Every e-mail the platform sends; in the embedded mode this is the outbox the super admin reads. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** queued | sent | failed | outbox (kept here, no SMTP configured) */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * `Idempotency-Key` requests (platform/idempotency.ts): one row per key a principal sent to a create endpoint, kept 24 h.
 * The key itself is stored only as a hash, and the first answer encrypted with a key derived from it: a created API
 * token's secret is never readable from this table alone.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: `user:<id>` or `token:<id>`, plus the company it acted in. A key never answers anyone else. */
    scope: text('scope').notNull(),
    /** SHA-256 (hex) of the key. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** SHA-256 (hex) of method, path and body (for multipart: fields and file bytes). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The request running it; while `completed_at` is null the key is taken until `locked_at` + the lease. */
    owner: uuid('owner').notNull(),
    /**
     * What the request created (e.g. `expense` and its id), written by the create's own transaction: once set the key
     * is never run again, and a retry whose answer was not stored is answered from the resource.
     */
    resourceType: varchar('resource_type', { length: 40 }),
    resourceId: text('resource_id'),
    responseStatus: integer('response_status'),
    /** The first answer's body, AES-256-GCM under a key derived from the idempotency key. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
