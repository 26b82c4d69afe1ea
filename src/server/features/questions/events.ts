import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /**
     * A question on the task was asked, answered, hidden or deleted. `onlyFor`: it was hidden
     * before and after the change, so only these people (the task's owner, the asker) hear of it.
     */
    'question.changed': { taskId: string; questionId: string; onlyFor?: string[] };
  }
}
