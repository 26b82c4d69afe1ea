/**
 * The last known session, outside React, so route loaders can ask "is anyone signed in?"
 * without racing the AuthProvider's first load. The provider is the only writer.
 */
import type { SessionUser } from '../../../shared/users.ts';
import { fetchSession } from './auth-api.ts';

let current: Promise<SessionUser | null> | null = null;

/** The signed-in user (null when nobody is), loading it once if it is not known yet. */
export function currentSession(): Promise<SessionUser | null> {
  current ??= fetchSession().catch(() => null);
  return current;
}

/** Fetches the session again and remembers it. Throws when the server cannot be reached. */
export async function reloadSession(): Promise<SessionUser | null> {
  const request = fetchSession();
  current = request.catch(() => null);
  return request;
}

export function rememberSession(user: SessionUser | null): void {
  current = Promise.resolve(user);
}
