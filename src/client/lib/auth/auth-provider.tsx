import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { googleStartUrl, signOutSession } from './auth-api.ts';
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
  sessionSnapshot,
} from './session-store.ts';

/** How long the popup-blocked sentence stays before the page leaves for Google. */
const REDIRECT_NOTICE_MS = 1500;

export function AuthProvider({ children }: { children: ReactNode }) {
  // main.tsx starts the session load; this follows the store, so
  // no component asks the server who is signed in. A server-rendered page is written (and
  // hydrated) as while the session loads.
  const known = useSyncExternalStore(onSessionChange, sessionSnapshot, () => undefined);
  const user: AuthUser | null = known ?? null;
  const [busy, setBusy] = useState(false);
  // Loading is true until the server first says who is signed in, and during every action.
  const loading = known === undefined || busy;

  /** Asks the server again; resolves once the store (and so this provider) has the answer. */
  const refresh = useCallback(async () => {
    const current = await reloadSession();
    await currentSession();
    return current;
  }, []);

  /** Every action sets loading first and clears it when done, as the product contract says. */
  const withLoading = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }, []);

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
      }),
    [withLoading],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, googleLogin, logout }),
    [user, loading, googleLogin, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
