/** People listed a page in the Blocked people settings. */
export const BLOCKS_PAGE_SIZE = 50;

/**
 * What a block answers each side, and nothing more: the blocked person only ever learns that
 * they cannot contact the person, never that a block is why.
 */
export const BLOCK_MESSAGES = {
  /** To the blocked person: messages, bids and questions towards the blocker. */
  cannotContact: 'You can’t contact this person.',
  /** To the blocker writing in a conversation with the person they blocked. */
  youBlocked: 'You blocked this person. Unblock to write again.',
  /** To the blocker bidding on or asking about the blocked person's task. */
  youBlockedPoster: 'You blocked the person who posted this task. Unblock them to bid or ask here.',
  /** To the blocker accepting an offer of someone they blocked (hidden from their list). */
  youBlockedBidder: 'You blocked this person. Unblock them to accept their offer.',
  self: 'You cannot block yourself.',
  notFound: 'User not found',
} as const;

/**
 * Whether two people may contact each other, from one side: `open`, `blocked` (I blocked
 * them) or `unavailable` (they blocked me: all that side is ever told).
 */
export const CONTACT_STATES = ['open', 'blocked', 'unavailable'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
