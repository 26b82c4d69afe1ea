import { createContext } from 'react';
import type { SessionUser } from '../../../shared/users.ts';
import type { ProfileFields, SignUpFields } from './auth-api.ts';

export type AuthUser = SessionUser;

/** How a Google sign-in ended: signed in through the popup, or leaving for a full-page flow. */
export type GoogleLoginOutcome = 'signed-in' | 'redirecting';

/**
 * The authentication context: `user` or null, a `loading` flag, and the five actions.
 * Each action sets `loading` first; failures are thrown (an `ApiError` or `AuthFlowError`)
 * for the screen to show through `authErrorMessage`.
 */
export interface AuthContextValue {
  user: AuthUser | null;
  loading: boolean;
  createUser(fields: SignUpFields): Promise<AuthUser | null>;
  signInUser(email: string, password: string): Promise<AuthUser | null>;
  /** `returnTo` is where a full-page fallback comes back to. */
  googleLogin(returnTo: string): Promise<GoogleLoginOutcome>;
  logout(): Promise<void>;
  updateUserProfile(fields: ProfileFields): Promise<AuthUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
