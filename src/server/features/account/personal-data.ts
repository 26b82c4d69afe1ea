import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { account, mailOutbox, session, user, verification } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The account itself: who the person is, how they sign in, where they are signed in (with
 * the address and browser each session was started from) and the mail queued for them. On
 * deletion the sign-in methods, sessions, links and unsent mail go; the `user` row is
 * anonymised last by the deletion itself (agreed work still points at it).
 */
export const accountPersonalData: PersonalData = {
  tables: [user, session, account, mailOutbox],
  async export(db, userId) {
    const [profile] = await db
      .select(columnsOf(user, 'id', 'name', 'email', 'emailVerified', 'image', 'goal', 'createdAt'))
      .from(user)
      .where(eq(user.id, userId));
    const sessions = await db
      .select(columnsOf(session, 'createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'))
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt));
    const signInMethods = await db
      .select(columnsOf(account, 'providerId', 'createdAt'))
      .from(account)
      .where(eq(account.userId, userId));
    return { profile, sessions, signInMethods };
  },
  async erase(tx, userId) {
    const [me] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await tx
      .delete(mailOutbox)
      .where(
        and(eq(mailOutbox.userId, userId), inArray(mailOutbox.status, ['pending', 'sending'])),
      );
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), eq(verification.identifier, me?.email ?? '')));
  },
};
