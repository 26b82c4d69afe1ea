import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /** A bid was placed on the task, or an offer changed or was withdrawn. */
    'bid.placed': { taskId: string; bidId: string };
  }
}
