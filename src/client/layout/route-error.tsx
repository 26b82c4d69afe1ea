import { Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { loginRedirectState } from '../lib/auth/guard.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * Errors of a screen: a 401 (signed out, or the session ended) goes to /login with the
 * attempted path; anything else shows the 404 page, with a hint when it is not a 404.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  if (statusOf(error) === 401) {
    return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  }
  return <NotFoundPage detail={describe(error)} />;
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
