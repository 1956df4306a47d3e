import { boolean, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  /** null while an invitation has not been accepted. */
  passwordHash: text('password_hash'),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }).notNull().default(''),
  taxId: varchar('tax_id', { length: 20 }),
  profileImageUrl: text('profile_image_url'),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  currentCompanyId: uuid('current_company_id').references(() => companies.id, { onDelete: 'set null' }),
  darkMode: boolean('dark_mode').notNull().default(false),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
  /** 'local' for a password account, 'invited' until an invitation is accepted. */
  authProvider: varchar('auth_provider', { length: 20 }).notNull().default('local'),
  /** When the person proved they read this address (a verification, invitation or reset link); null until then. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions; the cookie carries a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** 'reset' from forgot-password, 'invite' from a company invitation, 'verify' to prove the e-mail. */
    purpose: varchar('purpose', { length: 20 }).notNull().default('reset'),
    /** The inviting company of an 'invite' link (null for links from before it was recorded). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
