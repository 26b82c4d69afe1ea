import type { Db } from '../../platform/db/client.ts';
import { newsletterSubscriptions } from '../../platform/db/schema.ts';

export function createNewsletterRepository(db: Db) {
  return {
    /** Stores the address once (a second time changes nothing). */
    async subscribe(email: string): Promise<void> {
      await db
        .insert(newsletterSubscriptions)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
    },
  };
}
