import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /** The task changed: edited, accepted, completed, reopened, reviewed. */
    'task.changed': { taskId: string };
  }
}
