import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  googleStartUrl,
  signInWithEmail,
  signOutSession,
  signUpWithEmail,
  updateProfile,
  type ProfileFields,
  type SignUpFields,
} from './auth-api.ts';
import { AuthContext, type AuthContextValue, type AuthUser } from './auth-context.ts';
import {
  AuthFlowError,
  listenForLateCompletion,
  openCenteredPopup,
  waitForPopupResult,
} from './google-popup.ts';
import {
  currentSession,
  onSessionChange,
  rememberSession,
  reloadSession,
} from './session-store.ts';

/** How long the popup-blocked sentence stays before the page leaves for Google. */
const REDIRECT_NOTICE_MS = 1500;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);

  // Loading starts true and becomes false once the server first says who is signed in.
  useEffect(() => {
    let active = true;
    const stop = onSessionChange((next) => {
      if (active) setUser(next);
    });
    currentSession()
      .then((current) => {
        if (active) setUser(current);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      stop();
    };
  }, []);

  const refresh = useCallback(async () => {
    const current = await reloadSession();
    setUser(current);
    return current;
  }, []);

  /** Every action sets loading first and clears it when done, as the product contract says. */
  const withLoading = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    setLoading(true);
    try {
      return await action();
    } finally {
      setLoading(false);
    }
  }, []);

  const createUser = useCallback(
    (fields: SignUpFields) =>
      withLoading(async () => {
        await signUpWithEmail(fields);
        return refresh();
      }),
    [withLoading, refresh],
  );

  const signInUser = useCallback(
    (email: string, password: string) =>
      withLoading(async () => {
        await signInWithEmail(email, password);
        return refresh();
      }),
    [withLoading, refresh],
  );

  const googleLogin = useCallback(
    (returnTo: string) =>
      withLoading(async () => {
        const popup = openCenteredPopup(googleStartUrl('popup', returnTo));
        if (!popup) {
          window.setTimeout(() => {
            window.location.assign(googleStartUrl('redirect', returnTo));
          }, REDIRECT_NOTICE_MS);
          return 'redirecting' as const;
        }
        try {
          await waitForPopupResult(popup);
        } catch (error) {
          // A closed popup may still have signed in (e.g. the opener link was cut).
          if (error instanceof AuthFlowError && error.code === 'popup-closed') {
            const current = await refresh().catch(() => null);
            if (current) return 'signed-in' as const;
            listenForLateCompletion(() => void refresh().catch(() => null));
          }
          throw error;
        }
        const current = await refresh();
        if (!current) throw new AuthFlowError('invalid-auth-event');
        return 'signed-in' as const;
      }),
    [withLoading, refresh],
  );

  const logout = useCallback(
    () =>
      withLoading(async () => {
        await signOutSession();
        rememberSession(null);
        setUser(null);
      }),
    [withLoading],
  );

  const updateUserProfile = useCallback(
    (fields: ProfileFields) =>
      withLoading(async () => {
        await updateProfile(fields);
        // The local user is refreshed from the server's current user.
        return refresh();
      }),
    [withLoading, refresh],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, createUser, signInUser, googleLogin, logout, updateUserProfile }),
    [user, loading, createUser, signInUser, googleLogin, logout, updateUserProfile],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
