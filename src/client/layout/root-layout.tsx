import { Outlet, ScrollRestoration } from 'react-router';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner.tsx';
import { UserEventsProvider } from '../lib/user-events.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';

/**
 * Every screen: header on top, the routed content, the footer at the bottom; all of them
 * share the signed-in person's one event stream.
 */
export function RootLayout() {
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
        <Header />
        <VerifyEmailBanner />
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </UserEventsProvider>
  );
}
