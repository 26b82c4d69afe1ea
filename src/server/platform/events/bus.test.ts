import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import type { AppEvent } from './bus.ts';

/** Resolves with the events a subscriber got within `ms`. */
function collect(t: TestApp, ms: number): Promise<AppEvent[]> {
  const got: AppEvent[] = [];
  const stop = t.app.events.subscribe((event) => got.push(event));
  return new Promise((resolve) =>
    setTimeout(() => {
      stop();
      resolve(got);
    }, ms),
  );
}

describe('event bus', () => {
  const t = useTestApp();

  it('delivers an event published in a transaction when it commits, and never when it rolls back', async () => {
    const received = collect(t, 300);
    await t.app.database.db.transaction(async (tx) => {
      await t.app.events.publish(tx, { type: 'task.changed', taskId: 'committed' });
    });
    await t.app.database.db
      .transaction(async (tx) => {
        await t.app.events.publish(tx, { type: 'task.changed', taskId: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await received).toEqual([{ type: 'task.changed', taskId: 'committed' }]);
  });
});
