import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useOwnerWithTask } from '../../../../tests/factories/scenes.ts';

/** The database itself refuses a value outside a column's list, whatever writes it. */
describe('enum columns are checked by the database', () => {
  const t = useTestApp();
  const scene = useOwnerWithTask(t, { bid: true });
  const { owner } = scene;

  /** The SQLSTATE of the statement's failure, or 'ok'. */
  async function outcome(statement: ReturnType<typeof sql>): Promise<string> {
    try {
      await t.app.database.db.execute(statement);
      return 'ok';
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      return cause?.code ?? (error as { code?: string }).code ?? String(error);
    }
  }

  const cases: [string, () => ReturnType<typeof sql>][] = [
    ['task status', () => sql`update tasks set status = 'Archived' where id = ${scene.taskId}`],
    ['task priority', () => sql`update tasks set priority = 'Whenever' where id = ${scene.taskId}`],
    [
      'task category',
      () => sql`update tasks set category = 'Gardening' where id = ${scene.taskId}`,
    ],
    ['bid state', () => sql`update bids set status = 'vanished' where id = ${scene.bidId}`],
    [
      'notification type',
      () =>
        sql`insert into notifications (user_id, type, title, body) values (${owner.id}, 'bid.vanished', 't', 'b')`,
    ],
    [
      'notification preference type',
      () =>
        sql`insert into notification_preferences (user_id, type, email) values (${owner.id}, 'spam', false)`,
    ],
    [
      'mail state',
      () =>
        sql`insert into mail_outbox (kind, recipient, payload, status) values ('notification', 'a@example.com', '{}', 'lost')`,
    ],
  ];

  it.each(cases)('refuses an unknown %s (23514 check_violation)', async (_name, statement) => {
    expect(await outcome(statement())).toBe('23514');
  });

  it('accepts every known value', async () => {
    expect(
      await outcome(sql`update tasks set status = 'Completed' where id = ${scene.taskId}`),
    ).toBe('ok');
    expect(await outcome(sql`update bids set status = 'cancelled' where id = ${scene.bidId}`)).toBe(
      'ok',
    );
  });
});
