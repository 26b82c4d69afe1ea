import { liveFeed, type Feature } from '../../platform/feature.ts';
import { notificationPersonalData } from './personal-data.ts';
import { notificationRoutes } from './routes.ts';

/** The bell: a person's notifications (written by every feature through `notify`). */
export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: notificationRoutes,
  live: [
    liveFeed({
      event: 'notification',
      stream: 'person',
      send: (e) => [{ key: e.userId, event: 'notification', data: {} }],
    }),
  ],
  personalData: notificationPersonalData,
};
