import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAuth } from '../lib/auth/use-auth.ts';
import { useFocusHeadingOnNavigate } from '../lib/focus-on-navigate.ts';
import { UserEventsProvider } from '../lib/user-events.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';

/** Only a signed-in person with an unverified address sees it: loaded for them alone. */
const VerifyEmailBanner = lazy(() =>
  import('../features/auth/components/verify-email-banner.tsx').then((m) => ({
    default: m.VerifyEmailBanner,
  })),
);

/** Only while an admin views the app as someone else. */
const ViewingAsBanner = lazy(() =>
  import('../features/auth/components/viewing-as-banner.tsx').then((m) => ({
    default: m.ViewingAsBanner,
  })),
);

/**
 * Every screen: header on top, the routed content, the footer at the bottom; all of them
 * share the signed-in person's one event stream. After an in-app navigation the focus goes
 * to the new page's h1.
 */
export function RootLayout() {
  useFocusHeadingOnNavigate();
  const { user } = useAuth();
  return (
    <UserEventsProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:rounded-md focus:bg-base-100 focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <NavigationProgress />
        {user?.viewingUntil ? (
          <Suspense fallback={null}>
            <ViewingAsBanner user={user} until={user.viewingUntil} />
          </Suspense>
        ) : null}
        <Header />
        {user && !user.emailVerified ? (
          <Suspense fallback={null}>
            <VerifyEmailBanner />
          </Suspense>
        ) : null}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </UserEventsProvider>
  );
}
