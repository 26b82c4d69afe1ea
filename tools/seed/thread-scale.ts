import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';

export interface ThreadScaleOptions {
  /** The busy person: an existing user, owner of every task of `threads`. */
  userId: string;
  /** Threads of the busy person, each about a task of theirs with one of the partners. */
  threads: number;
  /** Messages of the busy person's newest thread (the others have three each). */
  longThread: number;
  /** Threads between the partners only (bulk around the busy person's rows). */
  otherThreads: number;
  /** People the busy person talks to. */
  partners?: number;
}

/**
 * Private messages at scale, straight in SQL: the inbox of a person with `threads` threads,
 * one thread of `longThread` messages, and `otherThreads` more between other people, with
 * fresh statistics. For the query-plan test and the API bench; returns the long thread's id.
 */
export async function seedThreadScale(db: Db, options: ThreadScaleOptions) {
  const run = randomBytes(4).toString('hex');
  const partners = options.partners ?? 100;
  const me = options.userId;
  const id = (kind: string, n: string) => sql.raw(`md5('${run}-${kind}-' || (${n}))::uuid`);
  const partner = (n: string) => sql.raw(`'scale-${run}-' || ((${n}) % ${partners})`);
  const longThread = (
    (await db.execute(sql`select ${id('thread', '0')}::text as id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'scale-' || ${run} || '-' || g, 'Partner ' || g, 'scale-' || ${run} || '-' || g || '@example.com', true
      from generate_series(0, ${partners - 1}) g`);
    await tx.execute(sql`
      insert into tasks (id, owner_id, title, description, priority, category, deadline, status, created_at)
      select ${id('task', 'g')}, ${me}, 'Job ' || g, 'A job to talk about.', 'Medium', 'Design',
        current_date + 30, 'Not Started', now() - g * interval '1 hour'
      from generate_series(0, ${options.threads - 1}) g`);
    // The busy person's threads: thread 0 is the long one and the newest.
    await tx.execute(sql`
      insert into threads (id, task_id, task_title, owner_id, bidder_id, message_count, created_at)
      select ${id('thread', 'g')}, ${id('task', 'g')}, 'Job ' || g, ${me}, ${partner('g')},
        case when g = 0 then ${options.longThread} else 3 end, now() - g * interval '1 hour'
      from generate_series(0, ${options.threads - 1}) g`);
    await tx.execute(sql`
      insert into thread_participants (thread_id, user_id, other_id, last_activity_at, last_read_seq, unread_count)
      select ${id('thread', 'g')}, side.user_id, side.other_id, now() - g * interval '1 minute',
        0, case when side.user_id = ${me} then g % 3 else 0 end
      from generate_series(0, ${options.threads - 1}) g
      cross join lateral (values (${me}, ${partner('g')}), (${partner('g')}, ${me})) side(user_id, other_id)`);
    await tx.execute(sql`
      insert into messages (thread_id, seq, sender_id, body, created_at)
      select ${id('thread', 'g')}, s, case when s % 2 = 0 then ${me} else ${partner('g')} end,
        'Message ' || s || ' about job ' || g || E'.\nSecond line.',
        now() - g * interval '1 minute' - (3 - s) * interval '1 second'
      from generate_series(1, ${options.threads - 1}) g, generate_series(1, 3) s`);
    await tx.execute(sql`
      insert into messages (thread_id, seq, sender_id, body, created_at)
      select ${id('thread', '0')}, s, case when s % 2 = 0 then ${me} else ${partner('0')} end,
        'Message ' || s || ' of a long conversation, long enough to look like a real one.',
        now() - (${options.longThread} - s) * interval '1 second'
      from generate_series(1, ${options.longThread}) s`);
    // Between the partners, about tasks since deleted.
    await tx.execute(sql`
      insert into threads (id, task_id, task_title, owner_id, bidder_id, message_count)
      select ${id('other', 'g')}, null, 'Old job ' || g, ${partner('g')}, ${partner('g + 1')}, 1
      from generate_series(0, ${options.otherThreads - 1}) g`);
    await tx.execute(sql`
      insert into thread_participants (thread_id, user_id, other_id, last_activity_at)
      select ${id('other', 'g')}, side.user_id, side.other_id, now() - g * interval '1 minute'
      from generate_series(0, ${options.otherThreads - 1}) g
      cross join lateral (values (${partner('g')}, ${partner('g + 1')}), (${partner('g + 1')}, ${partner('g')})) side(user_id, other_id)`);
    await tx.execute(sql`
      insert into messages (thread_id, seq, sender_id, body)
      select ${id('other', 'g')}, 1, ${partner('g')}, 'Hello ' || g
      from generate_series(0, ${options.otherThreads - 1}) g`);
  });
  await db.execute(sql`vacuum analyze "user", tasks, threads, thread_participants, messages`);
  return { longThreadId: longThread };
}
