import type { ContactState } from '../../../../shared/blocks/rules.ts';
import type { Block, Contact } from '../../../../shared/blocks/schema.ts';
import type { IntentInput } from '../../../lib/action-result.ts';
import { apiList, apiRequest, type ApiList } from '../../../lib/api-client.ts';

export const BLOCKS_PAGE_SIZE = 50;

const blockPath = (userId: string) => `/blocks/${encodeURIComponent(userId)}`;

/** One page of the people I blocked, the latest first. */
export function fetchBlocks(page: number, signal?: AbortSignal): Promise<ApiList<Block>> {
  return apiList<Block>('/blocks', { query: { page, limit: BLOCKS_PAGE_SIZE }, signal });
}

/**
 * How I may contact the person: `open`, `blocked` (I blocked them) or `unavailable`. A failed
 * read counts as `open`: the server refuses what a block forbids anyway.
 */
export async function fetchContact(userId: string, signal?: AbortSignal): Promise<ContactState> {
  try {
    return (await apiRequest<Contact>(blockPath(userId), { signal })).state;
  } catch {
    return 'open';
  }
}

export function blockPerson(userId: string): Promise<Block> {
  return apiRequest('/blocks', { method: 'POST', body: { userId } });
}

export async function unblockPerson(userId: string): Promise<void> {
  await apiRequest(blockPath(userId), { method: 'DELETE' });
}

/**
 * The Block and Unblock forms' handlers (each posts `userId`), for the action of any screen
 * that shows them: `intentAction({ ...blockIntents, … })`.
 */
export const blockIntents = {
  block: async ({ text }: IntentInput) => {
    await blockPerson(text('userId'));
    return { blocked: true as const };
  },
  unblock: async ({ text }: IntentInput) => {
    await unblockPerson(text('userId'));
    return { unblocked: true as const };
  },
};
