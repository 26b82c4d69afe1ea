import type { Db } from '../db/client.ts';
import { newsletterSubscriptions } from '../db/schema.ts';

export function createNewsletterRepository(db: Db) {
  return {
    /** Stores the address once; true when it was new. */
    async subscribe(email: string): Promise<boolean> {
      const rows = await db
        .insert(newsletterSubscriptions)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscriptions.email })
        .returning({ email: newsletterSubscriptions.email });
      return rows.length > 0;
    },
  };
}
