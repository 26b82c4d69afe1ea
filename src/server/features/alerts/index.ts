import type { Feature } from '../../platform/feature.ts';
import { sendDigests } from './digest-job.ts';
import { sendInstantAlerts } from './job.ts';
import { alertPersonalData } from './personal-data.ts';
import { pushAlerts } from './push-alerts.ts';
import { alertRoutes } from './routes.ts';

export { sendDigests } from './digest-job.ts';
export { sendInstantAlerts } from './job.ts';
export { pushAlerts } from './push-alerts.ts';
export { matchTasks } from './match.ts';

/**
 * Task alerts: saved searches of the browse page. Instant ones tell of new matching tasks
 * in the bell, by e-mail and/or by push on the person's devices (at most one alert per search
 * every ALERT_EVERY_MINUTES); daily and weekly ones gather each person's due searches into
 * one e-mail digest.
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
    {
      name: 'task alerts: daily and weekly e-mail digests',
      everyMs: 60_000,
      run: ({ db }) => sendDigests(db),
    },
  ],
  personalData: alertPersonalData,
  notificationKinds: ['search.matched'],
};
