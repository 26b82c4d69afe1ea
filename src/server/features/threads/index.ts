import { liveFeed, type Delivery, type Feature } from '../../platform/feature.ts';
import './events.ts';
import { threadPersonalData } from './personal-data.ts';
import { threadRoutes } from './routes.ts';
import { threadDemo } from './demo.ts';

/** A thread's event as one frame to each of its two people's own streams. */
const toBoth =
  (event: string) =>
  (e: { threadId: string; userIds: readonly string[] }): Delivery[] =>
    [...new Set(e.userIds)].map((key) => ({ key, event, data: { threadId: e.threadId } }));

/** Private messages between a task's owner and one bidder. */
export const threadsFeature: Feature = {
  name: 'threads',
  routes: threadRoutes,
  live: [
    liveFeed({ event: 'thread.message', stream: 'person', send: toBoth('message') }),
    liveFeed({ event: 'thread.read', stream: 'person', send: toBoth('thread-read') }),
  ],
  personalData: threadPersonalData,
  notificationKinds: ['message.received'],
  demo: threadDemo,
};
