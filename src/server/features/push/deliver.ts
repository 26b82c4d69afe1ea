import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from '../../../shared/push/rules.ts';
import type { PushConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { forgetSubscription, markDelivered, subscriptionsOf } from './repository.ts';
import { sendPush } from './sender.ts';

/** Messages one delivery sends at once, whatever the number of browsers. */
export const PUSH_CONCURRENCY = 8;

/** One message for every browser of one person. */
export interface PersonPush {
  userId: string;
  message: PushMessage;
}

/** How a delivery went, browser by browser. */
export interface PushReport {
  sent: number;
  /** Subscriptions the push service said are gone, now deleted. */
  removed: number;
  /** Kept: the next message tries them again. */
  failed: number;
}

/**
 * Sends each message to every browser its person turned alerts on in, at most
 * PUSH_CONCURRENCY requests at a time. Call it after the transaction that made the messages
 * true has committed: it waits on push services. A 404 or 410 deletes that subscription; any
 * other failure is logged and the subscription stays for the next message (this one is not
 * sent again).
 */
export async function pushToPeople(
  db: Db,
  push: PushConfig,
  log: FastifyBaseLogger,
  messages: readonly PersonPush[],
  concurrency = PUSH_CONCURRENCY,
): Promise<PushReport> {
  const report: PushReport = { sent: 0, removed: 0, failed: 0 };
  const targets = await subscriptionsOf(
    db,
    messages.map((m) => m.userId),
  );
  const work = messages.flatMap(({ userId, message }) =>
    targets.filter((t) => t.userId === userId).map((target) => ({ target, message })),
  );
  let next = 0;
  const worker = async () => {
    for (let item = work[next++]; item; item = work[next++]) {
      const { target, message } = item;
      const result = await sendPush(push, target, message);
      if (result.outcome === 'sent') {
        report.sent++;
        await markDelivered(db, target.id);
      } else if (result.outcome === 'gone') {
        report.removed++;
        await forgetSubscription(db, target.id, target.p256dh);
      } else {
        report.failed++;
        log.warn(
          { pushService: new URL(target.endpoint).host, status: result.status, err: result.error },
          'push message not accepted; the subscription is tried again next time',
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  return report;
}
