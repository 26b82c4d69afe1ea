import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { VERIFY_EMAIL_EXPIRES_IN_SECONDS } from '../../../shared/account.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import { EVENTS_CHANNEL, type AppEvent } from '../events/bus.ts';

type Tx = Pick<Db, 'delete' | 'insert' | 'update' | 'execute'>;

/**
 * The marker that voids a user's e-mail links issued before it (its value: that moment). It
 * lives as long as such a link could, then the links have expired by themselves.
 */
export const linksVoidedKey = (userId: string) => `links-voided:${userId}`;

/**
 * Ends every way into an account except through its address: its sessions, its password and
 * linked sign-ins (Google), its reset links and its e-mail links already sent (a change of
 * address among them); the address counts as verified, so the only ways back in prove it
 * ("Forgot password?", or Google with the same verified address). For an account whose
 * holder never proved the address, before work that belongs to the address joins it. Every
 * instance forgets the sessions at once (and ends their streams).
 */
export async function endSignInsExceptByAddress(tx: Tx, userId: string) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')));
  await tx.delete(verification).where(eq(verification.identifier, linksVoidedKey(userId)));
  const now = new Date();
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: linksVoidedKey(userId),
    value: now.toISOString(),
    expiresAt: new Date(now.getTime() + VERIFY_EMAIL_EXPIRES_IN_SECONDS * 1000),
  });
  await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  const event: AppEvent = { type: 'sessions.changed', userId };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
