import type { Feature } from '../../platform/feature.ts';
import { preventionRoutes } from './routes.ts';

/**
 * Keeping trouble out before anyone reports it: the moderation settings admins set (the
 * hide threshold, what an account may post in its first day, watched words), and the checks
 * every create and edit path runs with them (new-account limits, watched words, contact and
 * payment details written before a task is assigned).
 */
export const preventionFeature: Feature = {
  name: 'prevention',
  routes: preventionRoutes,
};

export {
  readModerationSettings,
  moderationRules,
  type ModerationRules,
} from '../../platform/moderation-settings.ts';
export { checkNewAccount } from './new-accounts.ts';
export { screenText, reportScreened, type Screened } from './screen.ts';
