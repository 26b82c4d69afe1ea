/**
 * The protected-route guard's decisions, as pure functions: wait while the session loads,
 * let a user with an e-mail through, otherwise send the visitor to /login with the attempted
 * path in the navigation state.
 */

import { sameSitePath } from '../../../shared/return-path.ts';

export interface GuardAuthState {
  loading: boolean;
  user: { email?: string | null } | null;
}

export interface GuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface LoginRedirectState {
  from: string;
}

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/login'; state: LoginRedirectState };

export function guardDecision(auth: GuardAuthState, location: GuardLocation): GuardDecision {
  // A signed-in user stays on the page while an action (e.g. a profile update) reloads the
  // session, so forms keep their state; only the first load, with nobody known yet, waits.
  if (auth.user?.email) return { kind: 'allow' };
  if (auth.loading) return { kind: 'wait' };
  return { kind: 'redirect', to: '/login', state: loginRedirectState(location) };
}

/** The navigation state /login reads to return to the attempted path afterwards. */
export function loginRedirectState(location: GuardLocation): LoginRedirectState {
  return { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` };
}

const AUTH_SCREENS = ['/login', '/signup', '/forgot-password', '/reset-password'];

/** True for a path on this site (not another origin, not an auth screen). */
export function isSafeReturnPath(path: string): boolean {
  // Any origin serves to resolve against: a path stays on the site it is resolved on or not.
  const parsed = sameSitePath(path, 'https://site.invalid');
  if (parsed === null) return false;
  const pathname = parsed.split(/[?#]/)[0] ?? '';
  return !AUTH_SCREENS.includes(pathname);
}

/** Where to go after signing in: the attempted path from the navigation state, or home. */
export function returnPathAfterLogin(state: unknown, fallback = '/'): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  if (typeof from === 'string' && isSafeReturnPath(from)) return from;
  // Also accept a location object ({ pathname, search, hash }).
  if (typeof from === 'object' && from !== null) {
    const { pathname, search, hash } = from as Partial<
      Record<'pathname' | 'search' | 'hash', unknown>
    >;
    if (typeof pathname === 'string') {
      const path = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
      if (isSafeReturnPath(path)) return path;
    }
  }
  return fallback;
}
