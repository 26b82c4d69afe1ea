import type { SessionUser } from '../../../../shared/users.ts';
import { currentSession } from '../../../lib/auth/session-store.ts';

/**
 * The signed-in user for a protected screen's loader. Null when nobody is signed in: the
 * loader then loads nothing and the protected-route guard sends the visitor to /login.
 */
export function sessionUser(): Promise<SessionUser | null> {
  return currentSession();
}
