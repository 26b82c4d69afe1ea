import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner.tsx';
import { pathAfterSignIn } from '../lib/sign-in-action.ts';

/**
 * A signed-in visitor on a sign-in screen (already, or through the Google popup) goes on to
 * the page they wanted; going home, a new account sees its welcome first.
 */
export function GoOnAfterSignIn({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  const home = returnTo === '/';
  useEffect(() => {
    if (!home) return;
    let current = true;
    void pathAfterSignIn('/').then((path) => {
      if (current) void navigate(path, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [home, navigate]);
  return home ? <PageSpinner /> : <Navigate to={returnTo} replace />;
}
