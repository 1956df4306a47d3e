import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../auth/passwords.js';

/** Creates the super admin, or flags an existing user as one. A null password leaves the account to be claimed through a reset link. */
export async function ensureSuperAdmin(db: Db, rawEmail: string, password: string | null): Promise<'created' | 'promoted'> {
  const email = rawEmail.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db.update(users).set({ isSuperAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({
    email,
    passwordHash: password ? await hashPassword(password) : null,
    firstName: 'Super',
    lastName: 'Admin',
    isSuperAdmin: true,
    hasCompletedOnboarding: true,
    // The operator vouches for an address they set a password for; otherwise the reset link proves it.
    emailVerifiedAt: password ? new Date() : null,
  });
  return 'created';
}
