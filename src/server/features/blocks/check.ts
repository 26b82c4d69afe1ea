import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BLOCK_MESSAGES, type ContactState } from '../../../shared/blocks/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { blocks, user } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';

/*
 * The one answer to "is there a block between A and B", for every feature that lets one
 * person reach another (messages, bids, questions). Each side is an id, a column or a
 * prepared statement's placeholder, so lists filter with the same condition.
 */

type Side = string | SQLWrapper;

/** Whether `blockerId` blocked `blockedId`, as SQL (one probe of the primary key). */
export const hasBlocked = (blockerId: Side, blockedId: Side): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId})`;

/**
 * How `me` may contact `other`, as SQL: `blocked` when I blocked them (whatever they did),
 * `unavailable` when they blocked me, else `open`.
 */
export const contactStateSql = (me: Side, other: Side): SQL<ContactState> =>
  sql<ContactState>`case when ${hasBlocked(me, other)} then 'blocked' when ${hasBlocked(other, me)} then 'unavailable' else 'open' end`;

/** How `me` may contact `other` now (read in the caller's transaction, when it has one). */
export async function contactState(reader: Db, me: string, other: string): Promise<ContactState> {
  if (me === other) return 'open';
  const [row] = await reader
    .select({ state: contactStateSql(me, other) })
    .from(user)
    .where(eq(user.id, me));
  return row?.state ?? 'open';
}

/** The 403 a block answers: the same code both ways, so it tells the blocked person nothing. */
export const cannotContact = (message: string) => new HttpError(403, message, 'CANNOT_CONTACT');

/**
 * Refuses, inside the action's transaction, when there is a block between `me` and `other`:
 * the blocked side hears "You can’t contact this person.", the blocker `whenIBlocked`.
 */
export async function assertMayContact(
  tx: Db,
  me: string,
  other: string,
  whenIBlocked: string = BLOCK_MESSAGES.youBlocked,
): Promise<void> {
  const state = await contactState(tx, me, other);
  if (state === 'unavailable') throw cannotContact(BLOCK_MESSAGES.cannotContact);
  if (state === 'blocked') throw cannotContact(whenIBlocked);
}
