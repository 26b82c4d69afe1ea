import type { Feature } from '../../platform/feature.ts';
import { pushPersonalData } from './personal-data.ts';
import { pushRoutes } from './routes.ts';

export { pushToPeople, type PersonPush, type PushReport } from './deliver.ts';

/**
 * Web push: the browsers a person turned alerts on in (their subscriptions) and the one way
 * to send them a message (`pushToPeople`). What to send, and when, is the callers' (alerts).
 */
export const pushFeature: Feature = {
  name: 'push',
  routes: pushRoutes,
  personalData: pushPersonalData,
};
