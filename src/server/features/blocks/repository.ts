import { and, count, desc, eq, not } from 'drizzle-orm';
import { BLOCK_MESSAGES, type ContactState } from '../../../shared/blocks/rules.ts';
import type { Block } from '../../../shared/blocks/schema.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { countedPage, mapPage, pageOffset } from '../../platform/db/paging.ts';
import { blocks, user } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { accountDeleted } from '../account/index.ts';
import { contactState } from './check.ts';

/** What blocking answered: the block, and whether this call made it. */
export interface Blocked {
  block: Block;
  created: boolean;
}

const toBlock = (r: { userId: string; name: string; image: string | null; since: Date }) => ({
  ...r,
  since: r.since.toISOString(),
});

/** Blocks: making one, lifting it, my list, and how I may contact someone. */
export function createBlockRepository(db: Db, events: EventBus) {
  function blockedColumns() {
    return { userId: user.id, name: user.name, image: user.image, since: blocks.createdAt };
  }

  return {
    /**
     * Blocks `userId` for `blockerId`; blocking again changes nothing (the first block's time
     * stays). Never oneself; only a person who exists (a deleted account is not found).
     */
    async block(blockerId: string, userId: string): Promise<Blocked> {
      if (userId === blockerId)
        throw badRequest(BLOCK_MESSAGES.self, 'BAD_REQUEST', [
          { path: 'body.userId', message: BLOCK_MESSAGES.self },
        ]);
      return db.transaction(async (tx) => {
        const [person] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.id, userId), not(accountDeleted())));
        if (!person) throw notFound(BLOCK_MESSAGES.notFound);
        const made = await tx
          .insert(blocks)
          .values({ blockerId, blockedId: userId })
          .onConflictDoNothing()
          .returning({ blockedId: blocks.blockedId });
        if (made.length > 0)
          await events.publish(tx, { type: 'block.changed', blockerId, blockedId: userId });
        const [row] = await tx
          .select(blockedColumns())
          .from(blocks)
          .innerJoin(user, eq(user.id, blocks.blockedId))
          .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)));
        if (!row) throw new Error('block vanished in its own transaction');
        return { block: toBlock(row), created: made.length > 0 };
      });
    },

    /** Lifts my block of `userId`; how many blocks went (0: there was none). */
    async unblock(blockerId: string, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(blocks)
          .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)))
          .returning({ blockedId: blocks.blockedId });
        if (gone.length > 0)
          await events.publish(tx, { type: 'block.changed', blockerId, blockedId: userId });
        return gone.length;
      });
    },

    /** The people I blocked, the latest first. */
    async list(reader: Db, blockerId: string, page: number, limit: number): Promise<Page<Block>> {
      const mine = eq(blocks.blockerId, blockerId);
      const found = await countedPage(
        { page, limit },
        reader
          .select(blockedColumns())
          .from(blocks)
          .innerJoin(user, eq(user.id, blocks.blockedId))
          .where(mine)
          .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
          .limit(limit)
          .offset(pageOffset({ page, limit })),
        reader.select({ n: count() }).from(blocks).where(mine),
      );
      return mapPage(found, toBlock);
    },

    /** How I may contact `userId` (`open` for myself). */
    contact: (reader: Db, me: string, userId: string): Promise<ContactState> =>
      contactState(reader, me, userId),
  };
}
