import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /**
     * A block between two people was made or lifted: both people's open screens reload (their
     * conversations open or close), the blocked one told nothing more than that.
     */
    'block.changed': { blockerId: string; blockedId: string };
  }
}
