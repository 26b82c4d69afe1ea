import type { Feature } from '../../platform/feature.ts';
import { sendInstantAlerts } from './job.ts';
import { alertPersonalData } from './personal-data.ts';
import { pushAlerts } from './push-alerts.ts';
import { alertRoutes } from './routes.ts';

export { sendInstantAlerts } from './job.ts';
export { pushAlerts } from './push-alerts.ts';

/**
 * Task alerts: saved searches of the browse page, and a notification in the bell when new
 * tasks match one (instant, at most one per search every ALERT_EVERY_MINUTES), and a push
 * message on the person's devices when the search has the push channel. E-mail digests are
 * not built yet.
 */
export const alertsFeature: Feature = {
  name: 'alerts',
  routes: alertRoutes,
  jobs: [
    {
      name: 'task alerts: tell saved searches of new matching tasks',
      everyMs: 60_000,
      run: async ({ db, events, config, log }) =>
        pushAlerts(db, config.push, log, await sendInstantAlerts(db, events)),
    },
  ],
  personalData: alertPersonalData,
  notificationKinds: ['search.matched'],
};
