import type { Feature } from '../../platform/feature.ts';
import { newsletterRoutes } from './routes.ts';

/** The newsletter sign-up (an address only, no account). */
export const newsletterFeature: Feature = {
  name: 'newsletter',
  routes: newsletterRoutes,
};
