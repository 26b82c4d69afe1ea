import { createContext } from 'react';
import type { SessionUser } from '../../../shared/users/schema.ts';

export type AuthUser = SessionUser;

/** How a Google sign-in ended: signed in through the popup, or leaving for a full-page flow. */
export type GoogleLoginOutcome = 'signed-in' | 'redirecting';

/**
 * The authentication context: `user` or null, a `loading` flag, and the actions that are not
 * a form post (the Google popup, sign-out from the header menu). Each action
 * sets `loading` first; failures are thrown (an `ApiError` or `AuthFlowError`) for the screen
 * to show through `authErrorMessage`. Signing in and up with a password and saving the
 * profile are route actions, which read the session again for the header.
 */
export interface AuthContextValue {
  user: AuthUser | null;
  loading: boolean;
  /** `returnTo` is where a full-page fallback comes back to. */
  googleLogin(returnTo: string): Promise<GoogleLoginOutcome>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
