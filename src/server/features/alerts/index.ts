import type { Feature } from '../../platform/feature.ts';
import { sendInstantAlerts } from './job.ts';
import { alertPersonalData } from './personal-data.ts';
import { alertRoutes } from './routes.ts';

export { sendInstantAlerts } from './job.ts';

/**
 * Task alerts: saved searches of the browse page, and a notification in the bell when new
 * tasks match one (instant, at most one per search every ALERT_EVERY_MINUTES). E-mail digests
 * and push are not built yet.
 */
export const alertsFeature: Feature = {
  name: 'alerts',
  routes: alertRoutes,
  jobs: [
    {
      name: 'task alerts: tell saved searches of new matching tasks',
      everyMs: 60_000,
      run: ({ db, events }) => sendInstantAlerts(db, events),
    },
  ],
  personalData: alertPersonalData,
  notificationKinds: ['search.matched'],
};
