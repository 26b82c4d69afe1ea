import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_DEAL_STATES } from '../../../shared/payments/deal-machine.ts';
import type { Db } from '../../platform/db/client.ts';
import { deals } from '../../platform/db/schema.ts';
import { conflict } from '../../platform/http/errors.ts';

/**
 * A task with a deal going on (payments on: its payment awaited or secured) is refused a
 * change that would leave the deal without its task or its worker (409 `DEAL_GOING_ON`,
 * with `message`): the deal ends through its own steps, which return any money.
 */
export async function refuseWhileDealGoesOn(tx: Db, taskId: string, message: string) {
  const [live] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.taskId, taskId), inArray(deals.state, LIVE_DEAL_STATES)));
  if (live) throw conflict(message, 'DEAL_GOING_ON');
}
