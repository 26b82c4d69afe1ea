import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /** A deal was made or moved: the task's open pages refresh their deal panel. */
    'deal.changed': { taskId: string; dealId: string };
  }
}
