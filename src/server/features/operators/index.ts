import type { Feature } from '../../platform/feature.ts';
import { endLimits } from './limits-job.ts';
import { operatorRoutes } from './routes.ts';

/**
 * Running the marketplace: operator roles (support reads, moderators act, admins also set
 * roles), acting on people, and the audit log every action writes.
 */
export const operatorsFeature: Feature = {
  name: 'operators',
  routes: operatorRoutes,
  jobs: [
    {
      name: 'read-only limits: end',
      everyMs: 60_000,
      run: ({ db, events }) => endLimits(db, events),
    },
  ],
};

export { createOperatorRepository } from './repository.ts';
export { endLimits } from './limits-job.ts';
export { operator } from './operator-route.ts';
