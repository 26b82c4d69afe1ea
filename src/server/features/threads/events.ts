import type {} from '../../platform/events/bus.ts';

declare module '../../platform/events/bus.ts' {
  interface AppEvents {
    /** A private message was posted: both participants refetch. */
    'thread.message': { threadId: string; userIds: [string, string] };
    /** A participant marked messages read: the other one shows "Seen". */
    'thread.read': { threadId: string; userIds: [string, string] };
  }
}
