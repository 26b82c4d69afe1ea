/**
 * The last known session, outside React, so route loaders can ask "is anyone signed in?"
 * without racing the AuthProvider's first load. The provider follows it: a route action
 * that signs someone in (a password reset) reloads it here and the header sees the user.
 */
import type { SessionUser } from '../../../shared/users/schema.ts';
import { fetchSession } from './auth-api.ts';

let current: Promise<SessionUser | null> | null = null;
/** The session the store last settled on; undefined until the first answer. */
let known: SessionUser | null | undefined;
const listeners = new Set<(user: SessionUser | null) => void>();

function settle(next: Promise<SessionUser | null>): void {
  current = next;
  void next.then((user) => {
    if (current !== next) return;
    known = user;
    for (const listener of listeners) listener(user);
  });
}

/** The last settled session, synchronously (undefined while the first load is under way). */
export function sessionSnapshot(): SessionUser | null | undefined {
  return known;
}

/** The signed-in user (null when nobody is), loading it once if it is not known yet. */
export function currentSession(): Promise<SessionUser | null> {
  if (!current) settle(fetchSession().catch(() => null));
  return current!;
}

/** Fetches the session again and remembers it. Throws when the server cannot be reached. */
export async function reloadSession(): Promise<SessionUser | null> {
  const request = fetchSession();
  settle(request.catch(() => null));
  return request;
}

export function rememberSession(user: SessionUser | null): void {
  settle(Promise.resolve(user));
}

/** Calls `listener` with each session the store settles on; returns the unsubscribe. */
export function onSessionChange(listener: (user: SessionUser | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
