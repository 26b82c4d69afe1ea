import { eq } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../../shared/account.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { user } from '../../platform/db/schema.ts';
import type { Feature } from '../../platform/feature.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { deletedAddress } from './deleted.ts';

/**
 * The account as a person downloads it, and its deletion, over every feature's declared
 * personal data (`features`: the app's declarations, in their order).
 */
export function createAccountRepository(db: Db, features: readonly Feature[], events: EventBus) {
  const holders = features.flatMap((f) => (f.personalData ? [f.personalData] : []));
  return {
    /** Everything the person stored or was sent, one section per kind, from every feature. */
    async export(userId: string): Promise<Record<string, unknown>> {
      const sections = await Promise.all(holders.map((data) => data.export(db, userId)));
      return Object.assign({}, ...sections);
    },

    /**
     * Deletes the account in one transaction: each feature erases or anonymises its rows (in
     * the features' order), then the row itself is kept, anonymised, for the work others
     * still show: its address moves to the reserved `.invalid` domain (never mailed), so the
     * real one can sign up again. A goodbye mail is queued to the old address when it was
     * verified.
     */
    async delete(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [me] = await tx
          .select({ email: user.email, verified: user.emailVerified })
          .from(user)
          .where(eq(user.id, userId))
          .for('update');
        if (!me) return false;
        for (const data of holders) await data.erase(tx, userId, events);
        await tx
          .update(user)
          .set({
            name: DELETED_USER_NAME,
            email: deletedAddress(userId),
            emailVerified: false,
            image: null,
            goal: null,
          })
          .where(eq(user.id, userId));
        // A goodbye goes to a proven address only.
        if (me.verified) await enqueueMail(tx, { kind: 'account-deleted', to: me.email, data: {} });
        return true;
      });
    },
  };
}
