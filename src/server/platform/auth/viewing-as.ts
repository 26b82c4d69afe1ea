import { HttpError } from '../http/errors.ts';
import type { CurrentUser } from './require-user.ts';

/** How long an admin's read-only view of another person's account lasts. */
export const VIEWING_AS_SECONDS = 30 * 60;

/** The one accounts endpoint a viewing session may post to: it ends the view. */
export const STOP_VIEWING_PATH = '/admin/stop-impersonating';

export const VIEWING_AS_MESSAGE =
  'You are viewing TaskBid as this person, so nothing can be changed. Stop viewing to act as yourself.';

/**
 * A session an admin opened to see the app as someone else (better-auth's impersonation)
 * reads, and never writes: every request that could change something is refused.
 */
export function refuseWhileViewing(user: CurrentUser | null, method: string) {
  if (user?.viewedBy && method !== 'GET' && method !== 'HEAD') {
    throw new HttpError(403, VIEWING_AS_MESSAGE, 'VIEWING_AS');
  }
}
