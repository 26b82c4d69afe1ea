import type { DealAction } from '../../../shared/payments/deal-machine.ts';
import { formatCents } from '../../../shared/payments/words.ts';
import { settleShareLimit, shortBy } from '../../../shared/payments/settle.ts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { accountFor, balanceOf } from '../payments/index.ts';
import type { DealMoney } from './money.ts';

/** What the deal's escrow holds now, in cents (read under the deal's lock). */
export async function heldOf(tx: Db, deal: Pick<DealMoney, 'id' | 'currency'>): Promise<number> {
  return (await balanceOf(tx, (await accountFor(tx, 'escrow', deal.id, deal.currency)).id)).amount;
}

/**
 * A settlement of a short deal checked under its lock (decision 0670): what the escrow holds
 * and the worker's share of the price (0 for a refund, all the held money covers for a
 * release, 1 … that − 1 for a split). 409 `NOT_SHORT` on a deal holding all it expects, 400
 * for a share the held money does not cover.
 */
export async function settlement(
  tx: Db,
  deal: DealMoney & { state: Parameters<typeof shortBy>[0]['state'] },
  action: DealAction,
  workerShare: number | undefined,
): Promise<{ held: number; share: number }> {
  const held = await heldOf(tx, deal);
  if (shortBy(deal, held) === 0)
    throw conflict(
      'This deal’s secured payment holds all the deal expects: release or refund it as usual.',
      'NOT_SHORT',
    );
  if (action === 'settle-refund') return { held, share: 0 };
  const limit = settleShareLimit(deal, held);
  if (limit < 1)
    throw badRequest(
      `The secured payment holds ${formatCents(held)}, no more than the booking fee: only a refund settles it.`,
    );
  if (action === 'settle-release') return { held, share: limit };
  const share = workerShare ?? 0;
  if (!Number.isSafeInteger(share) || share < 1 || share >= limit)
    throw badRequest(`A split gives the worker 1 to ${limit - 1} cents of what is held.`);
  return { held, share };
}
