import { liveFeed, type Feature } from '../../platform/feature.ts';
import './events.ts';
import { bidPersonalData } from './personal-data.ts';
import { bidRoutes } from './routes.ts';
import { bidDemo } from './demo.ts';

export { createBidRepository } from './repository.ts';

/**
 * Bids on a task, one offer per person: placing or changing it, withdrawing it, the owner's
 * list, accepting one, my bids.
 */
export const bidsFeature: Feature = {
  name: 'bids',
  routes: bidRoutes,
  live: [
    liveFeed({
      event: 'bid.placed',
      stream: 'task',
      send: (e) => [{ key: e.taskId, event: 'bid', data: { bidId: e.bidId } }],
    }),
  ],
  personalData: bidPersonalData,
  notificationKinds: ['bid.received', 'bid.accepted', 'bid.declined', 'bid.withdrawn'],
  demo: bidDemo,
};
