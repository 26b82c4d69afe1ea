import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { guardDecision } from '../lib/auth/guard.ts';
import { useAuth } from '../lib/auth/use-auth.ts';

/**
 * The protected-route guard: a spinner while the session loads, the page for a signed-in
 * user, otherwise /login with the attempted path in the navigation state (`state.from`).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const decision = guardDecision(auth, location);
  if (decision.kind === 'wait') return <PageSpinner label="Checking your session" />;
  if (decision.kind === 'redirect')
    return <Navigate to={decision.to} replace state={decision.state} />;
  return children;
}

/** Layout route for every protected screen. */
export function ProtectedLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
