import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Routing errors show the 404 page (spec section 8), with a hint when it is not a 404. */
export function RouteError() {
  const error = useRouteError();
  return <NotFoundPage detail={describe(error)} />;
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
