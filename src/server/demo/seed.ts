import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { account, tasks, user } from '../platform/db/schema.ts';
import { FEATURES } from '../features/index.ts';
import type { DemoScene } from '../platform/demo.ts';
import type { PaymentsConfig } from '../platform/payments-config.ts';
import { DEMO_ADMIN, DEMO_LOCATIONS, DEMO_PASSWORD, DEMO_USERS } from './seed-data.ts';

export interface SeedSummary {
  users: number;
  tasks: number;
  bids: number;
}

/** Credential accounts for new users that share one password hash. */
export function credentialAccounts(userIds: string[], passwordHash: string) {
  return userIds.map((userId) => ({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
  }));
}

/**
 * The demo data set: six people who sign in with DEMO_PASSWORD, then what each feature
 * declares (`demo` in its index.ts), in the features' order, each building on the scene the
 * earlier ones left: tasks over every list value, bids (some accepted, some of those
 * completed and reviewed both ways), questions, profiles, conversations, and with the
 * payments sandbox (`payments`) deals in every state they stay in. All in one transaction;
 * running it again adds nothing.
 */
export async function seedDemo(
  db: Db,
  payments: PaymentsConfig = { mode: 'off' },
): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const emails = DEMO_USERS.map((u) => u.email);
    const created = await tx
      .insert(user)
      .values(
        [...DEMO_USERS, DEMO_ADMIN].map((u) => ({
          id: randomUUID(),
          ...u,
          emailVerified: true,
          // The demo people have been here a while: no welcome.
          welcomedAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (created.length > 0)
      await tx.insert(account).values(
        credentialAccounts(
          created.map((u) => u.id),
          passwordHash,
        ),
      );
    const owners = await tx
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(inArray(user.email, emails));
    // In the order of DEMO_USERS: the demo data gives tasks and conversations by position.
    const people = emails.flatMap((e) => owners.filter((o) => o.email === e));
    const ids = people.map((p) => p.id);
    const [existing] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(inArray(tasks.ownerId, ids));
    if ((existing?.n ?? 0) > 0) return { users: created.length, tasks: 0, bids: 0 };

    const scene: DemoScene = {
      people,
      locations: DEMO_LOCATIONS,
      tasks: [],
      bids: [],
      payments,
    };
    for (const feature of FEATURES) await feature.demo?.(tx, scene);
    await tx.execute(sql`analyze tasks`);
    return { users: created.length, tasks: scene.tasks.length, bids: scene.bids.length };
  });
}
