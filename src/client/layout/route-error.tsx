import { lazy, Suspense } from 'react';
import { Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { ApiError } from '../lib/api-client.ts';
import { loginRedirectState } from '../lib/auth/guard.ts';

// Error pages load when an error happens, not with every page.
const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const TooManyRequestsPage = lazy(() =>
  import('./too-many-requests-page.tsx').then((m) => ({ default: m.TooManyRequestsPage })),
);

/**
 * Errors of a screen: a 401 (signed out, or the session ended) goes to /login with the
 * attempted path; a 429 says how long to wait; anything else shows the 404 page, with a hint
 * when it is not a 404.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  if (statusOf(error) === 401) {
    return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      {error instanceof ApiError && error.status === 429 ? (
        <TooManyRequestsPage error={error} />
      ) : (
        <NotFoundPage detail={describe(error)} />
      )}
    </Suspense>
  );
}

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error) || error instanceof ApiError) return error.status;
  return undefined;
}

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return error.status === 404 ? undefined : error.statusText;
  if (error instanceof ApiError) return error.status === 404 ? undefined : error.message;
  return undefined;
}

/** An error in the layout itself: the same page, without the header and footer. */
export function RootError() {
  return (
    <main id="main">
      <RouteError />
    </main>
  );
}
