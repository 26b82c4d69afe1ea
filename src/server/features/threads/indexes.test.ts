import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { signUp } from '../../../../tests/factories/users.ts';
import { indexesUsed, planNodes, seqScansOf } from '../../../../tests/setup/query-plan.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { threadParticipants } from '../../platform/db/schema.ts';
import { createMessageRepository } from './messages-repository.ts';
import { createThreadRepository } from './repository.ts';
import { seedThreadScale } from '../../../../tools/seed/thread-scale.ts';
import { encodeSeqCursor } from '../../platform/db/paging.ts';
import { literalLimit } from '../../platform/db/prepared.ts';

const TABLES = ['threads', 'thread_participants', 'messages', 'tasks', 'user'];

/**
 * The planner's own choice, with fresh statistics, on 11,000 threads (22,000 participant
 * rows) and 23,000 messages: a person's inbox, a thread's newest messages and the unread
 * total read through their indexes, never a sequential scan, at every page.
 */
describe('indexes: private messages page by key', () => {
  const t = useTestApp();
  let threadRepo: ReturnType<typeof createThreadRepository>;
  let messageRepo: ReturnType<typeof createMessageRepository>;
  let busy: string;
  let longThreadId: string;

  beforeAll(async () => {
    busy = (await signUp(t.app)).id;
    ({ longThreadId } = await seedThreadScale(t.app.database.db, {
      userId: busy,
      threads: 1000,
      longThread: 10_000,
      otherThreads: 10_000,
    }));
    threadRepo = createThreadRepository(t.app.database.db);
    messageRepo = createMessageRepository(t.app.database.db, t.app.events);
  }, 120_000);

  async function expectIndexed(query: SQLWrapper, index: string, tables = TABLES) {
    const nodes = await planNodes(t.app.database.db, query);
    for (const table of tables) expect(seqScansOf(nodes, table), table).toEqual([]);
    expect([...indexesUsed(nodes)]).toContain(index);
  }
  const db = () => t.app.database.db;
  const deep = sql`(${threadParticipants.lastActivityAt}, ${threadParticipants.threadId}) < (now() - interval '900 minutes', 'ffffffff-ffff-4fff-bfff-ffffffffffff'::uuid)`;

  it('the inbox of a person with 1,000 threads, first and a deep page', async () => {
    // The page's 21 rows meet the seed's 101 people: reading them whole is the planner's
    // right choice here, as for one thread below.
    const withoutPeople = TABLES.filter((name) => name !== 'user');
    for (const after of [undefined, deep])
      await expectIndexed(
        threadRepo.inboxQuery(db(), busy, after, 21),
        'thread_participants_inbox_idx',
        withoutPeople,
      );
    // Each summary's last message is one key lookup.
    await expectIndexed(
      threadRepo.inboxQuery(db(), busy, undefined, 21),
      'messages_thread_seq_idx',
      withoutPeople,
    );
  });

  it('the inbox statement keeps one generic plan: its joins are planned for a page of rows', async () => {
    // A named statement is planned for its values five times; from the sixth run PostgreSQL
    // keeps a generic plan unless it looks dearer than those. Run as the busiest reader.
    const { sql: text, params } = threadRepo
      .inboxQuery(db(), sql.placeholder('userId'), undefined, literalLimit(21))
      .toSQL();
    const generic = await db().transaction(async (tx) => {
      const types = params.map((p) => (typeof p === 'number' ? 'int' : 'text'));
      const values = params.map((p) => (typeof p === 'number' ? String(p) : `'${busy}'`));
      await tx.execute(sql.raw(`prepare inbox_plan(${types.join(', ')}) as ${text}`));
      for (let run = 0; run < 8; run++)
        await tx.execute(sql.raw(`execute inbox_plan(${values.join(', ')})`));
      const { rows } = (await tx.execute(
        sql`select generic_plans from pg_prepared_statements where name = 'inbox_plan'`,
      )) as unknown as { rows: { generic_plans: number | string }[] };
      await tx.execute(sql`deallocate inbox_plan`);
      return Number(rows[0]!.generic_plans);
    });
    expect(generic).toBeGreaterThan(0);
  });

  it('the newest 50 messages of a 10,000-message thread, and a page further back', async () => {
    await expectIndexed(
      messageRepo.messagesQuery(db(), longThreadId, null, 51),
      'messages_thread_seq_idx',
    );
    await expectIndexed(
      messageRepo.messagesQuery(db(), longThreadId, 200, 51),
      'messages_thread_seq_idx',
    );
  });

  it('a page of messages checks its reader once, through the participants’ key', async () => {
    // The page's own statement: the newest page and one further back, for a participant.
    for (const before of [2 ** 31 - 1, 200]) {
      const query = messageRepo.messagesQuery(db(), longThreadId, before, 51, busy);
      await expectIndexed(query, 'messages_thread_seq_idx');
      const nodes = await planNodes(db(), query);
      expect([...indexesUsed(nodes)]).toContain('thread_participants_thread_id_user_id_pk');
      // Checked once for the statement, not for each message read.
      const messageScans = nodes.filter((n) => n['Index Name'] === 'messages_thread_seq_idx');
      expect(messageScans).toHaveLength(1);
    }
  });

  it('one thread as its person sees it: its participant row by key', async () => {
    const nodes = await planNodes(db(), threadRepo.threadQuery(db(), longThreadId, busy));
    // The seed has 101 people: reading them whole is the planner's right choice here.
    for (const table of TABLES.filter((name) => name !== 'user'))
      expect(seqScansOf(nodes, table), table).toEqual([]);
    expect([...indexesUsed(nodes)]).toContain('thread_participants_thread_id_user_id_pk');
  });

  it('“Seen” in a 10,000-message thread starts at the other side’s read point', async () => {
    const [partner] = (
      (await db().execute(
        sql`select other_id from thread_participants where thread_id = ${longThreadId} and user_id = ${busy}`,
      )) as unknown as { rows: { other_id: string }[] }
    ).rows;
    const query = threadRepo.seenQuery(db(), longThreadId, busy, partner!.other_id);
    await expectIndexed(query, 'messages_thread_seq_idx');
    // The read point bounds the scan of the index (a condition, not a filter on every row).
    const nodes = await planNodes(db(), query);
    const scan = nodes.find((n) => n['Index Name'] === 'messages_thread_seq_idx');
    expect((scan as { 'Index Cond'?: string })['Index Cond']).toMatch(/seq <=/);
  });

  it('the unread total', async () => {
    const nodes = await planNodes(db(), threadRepo.unreadQuery(db(), busy));
    expect(seqScansOf(nodes, 'thread_participants')).toEqual([]);
    expect([...indexesUsed(nodes)].some((i) => i!.startsWith('thread_participants_'))).toBe(true);
  });

  it('the API answers from that data: the last 50 of the long thread, the inbox by pages', async () => {
    const messages = await messageRepo.list(db(), longThreadId, busy, undefined, 50);
    expect(messages).toMatchObject({ items: expect.any(Array), nextCursor: expect.any(String) });
    if (typeof messages === 'string') throw new Error(messages);
    expect(messages.items.map((m) => m.body.split(' ')[1])).toEqual(
      Array.from({ length: 50 }, (_, i) => String(9951 + i)),
    );
    const page = await threadRepo.list(db(), busy, undefined, 20);
    expect(page?.items[0]).toMatchObject({ id: longThreadId, unreadCount: 0 });
    expect(await threadRepo.unreadCount(db(), busy)).toBe(999);
  });

  it('the prepared reads: a cursor past any message’s number, the next inbox page, an outsider', async () => {
    const newest = await messageRepo.list(db(), longThreadId, busy, undefined, 5);
    const past = await messageRepo.list(db(), longThreadId, busy, encodeSeqCursor(2 ** 40), 5);
    expect(past).toEqual(newest);
    const first = await threadRepo.list(db(), busy, undefined, 20);
    const second = await threadRepo.list(db(), busy, first.nextCursor!, 20);
    expect(second.items).toHaveLength(20);
    expect(second.items[0]!.lastActivityAt <= first.items.at(-1)!.lastActivityAt).toBe(true);
    expect(second.items.map((t) => t.id)).not.toContain(first.items.at(-1)!.id);
    const stranger = (await signUp(t.app)).id;
    await expect(
      messageRepo.list(db(), longThreadId, stranger, undefined, 5),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await threadRepo.get(db(), longThreadId, stranger)).toBeNull();
  });

  it('a sequential scan would show at this size (the test can fail)', async () => {
    const nodes = await planNodes(db(), sql`select count(*) from messages where body like '%job%'`);
    expect(seqScansOf(nodes, 'messages')).toHaveLength(1);
  });
});
