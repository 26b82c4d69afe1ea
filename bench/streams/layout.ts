/**
 * The layout of `npm run bench:streams`: how many streams of each kind, held by which users
 * from which loopback addresses, on which tasks, and so who should hear of a bid.
 */

/** The options as numbers, and what follows from them. */
export interface Layout {
  streams: number;
  /** Of the streams, how many are notification bells; the rest are task pages. */
  bells: number;
  /** Signed-in people holding the streams (at most 10 each). */
  users: number;
  tasks: number;
  addresses: number;
  /** Task-page streams: `streams` less `bells`. */
  pages: number;
  /** The most streams one user holds, and one address. */
  perUser: number;
  perAddress: number;
}

export function layoutOf(
  options: Pick<Layout, 'streams' | 'bells' | 'users' | 'tasks' | 'addresses'>,
): Layout {
  const { streams, bells, users, addresses } = options;
  const pages = streams - bells;
  const perUser = Math.ceil(bells / users) + Math.ceil(pages / users);
  const perAddress = perUser * Math.ceil(users / addresses);
  return { ...options, pages, perUser, perAddress };
}

/** The `i`th client address: 127.0.0.2, 127.0.0.3, … (loopback only). */
export const address = (layout: Layout, i: number) => {
  const k = i % layout.addresses;
  return `127.0.${Math.floor(k / 250)}.${2 + (k % 250)}`;
};

const count = (n: number, pick: (i: number) => boolean) =>
  Array.from({ length: n }, (_, i) => i).filter(pick).length;

/** Task page `j` is held by user `j % users`, on task `⌊j / users⌋ % tasks`. */
export const pagesPerTask = (layout: Layout, task: number) =>
  count(layout.pages, (j) => Math.floor(j / layout.users) % layout.tasks === task);

/** The owner of task k is user k: their bells hear of its bids. */
export const bellsOf = (layout: Layout, task: number) =>
  count(layout.bells, (b) => b % layout.users === task);
