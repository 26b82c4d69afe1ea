import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * Who is signed in, for every screen. main.tsx starts the session load; this follows the
 * store, so no component asks the server who is signed in.
 *
 * `startUnknown`: the first render is as while the session loads, whatever the store knows:
 * the server writes public pages so, and their hydration must start from the same. The
 * answer comes after hydration in a transition: it renders the whole layout again, and a
 * transition does that in slices the browser can interrupt, not in one long task before
 * the page answers a press. Later changes (signing in or out) apply at once.
 */
export function AuthProvider({
  children,
  startUnknown = false,
}: {
  children: ReactNode;
  startUnknown?: boolean;
}) {
  const [known, setKnown] = useState(() => (startUnknown ? undefined : sessionSnapshot()));
  useEffect(() => {
    const latest = sessionSnapshot();
    if (latest !== undefined) startTransition(() => setKnown(latest));
    return onSessionChange(setKnown);
  }, []);
  const user: AuthUser | null = known ?? null;
  const [busy, setBusy] = useState(false);
  // Loading is true until the server first says who is signed in, and during every action.
  const loading = known === undefined || busy;

  /** Asks the server again; resolves once the store has the answer (this provider follows). */
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
