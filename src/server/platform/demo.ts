import type { Db } from './db/client.ts';
import type { PaymentsConfig } from './payments-config.ts';

/**
 * The demo world as the features build it, one after the other in the features' order: the
 * people (made first), the places they name, and what earlier features added for later ones
 * to build on (tasks, then bids on them), and the payments mode the demo is made for (deals
 * only with the sandbox).
 */
export interface DemoScene {
  people: { id: string; email: string; name: string }[];
  locations: readonly (string | null)[];
  tasks: { id: string; ownerId: string; title: string; budget: number | null; createdAt: Date }[];
  bids: { id: string; taskId: string; bidderId: string }[];
  payments: PaymentsConfig;
}

/** A feature's demo data: written inside the seed's one transaction. */
export type DemoData = (tx: Db, scene: DemoScene) => Promise<void>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of today plus `days`. */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}
