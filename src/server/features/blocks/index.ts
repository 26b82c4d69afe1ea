import { liveFeed, type Feature } from '../../platform/feature.ts';
import './events.ts';
import { blockPersonalData } from './personal-data.ts';
import { blockRoutes } from './routes.ts';

export {
  assertMayContact,
  cannotContact,
  contactState,
  contactStateSql,
  hasBlocked,
} from './check.ts';

/**
 * Blocks between members: a person blocks another, who then cannot message them, bid on or
 * ask about their tasks; the blocker stops seeing the other's bids, questions and messages.
 * The check every other feature asks is `contactState` / `assertMayContact` (and `hasBlocked`
 * for lists), here and nowhere else.
 */
export const blocksFeature: Feature = {
  name: 'blocks',
  routes: blockRoutes,
  live: [
    liveFeed({
      event: 'block.changed',
      stream: 'person',
      // Both sides' open conversations reload; the frame names nobody.
      send: (e) => [e.blockerId, e.blockedId].map((key) => ({ key, event: 'contact', data: {} })),
    }),
  ],
  personalData: blockPersonalData,
};
