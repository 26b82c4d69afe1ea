import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from './components/ui/page-spinner.tsx';
import { openTaskRoutes, protectedTaskRoutes } from './features/tasks/routes.tsx';
import { ProtectedLayout } from './lib/auth/require-auth.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RootError, RouteError } from './layout/route-error.tsx';

/*
 * Route modules load on demand (`lazy`), each with a spinner while its code arrives. A route
 * module is a feature's `routes/<name>-page.tsx`; its named exports are picked here.
 *
 * Protected screens go under the ProtectedLayout route: a spinner while the session loads,
 * /login with `state.from` for a signed-out visitor. A loader of a protected screen runs
 * before that guard renders, so it should first `await currentSession()`
 * (lib/auth/session-store.ts) and return early when it is null.
 */
const openRoutes: RouteObject[] = [
  {
    index: true,
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () => (await import('./features/home/routes/home-page.tsx')).HomePage,
    },
  },
  {
    path: 'login',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () => (await import('./features/auth/routes/login-page.tsx')).LoginPage,
    },
  },
  {
    path: 'signup',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () => (await import('./features/auth/routes/signup-page.tsx')).SignupPage,
    },
  },
  ...['how-it-works', 'how-to-works'].map((path) => ({
    path,
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () =>
        (await import('./features/content/routes/how-it-works-page.tsx')).HowItWorksPage,
    },
  })),
  {
    path: 'pricing',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () =>
        (await import('./features/content/routes/pricing-page.tsx')).PricingPage,
    },
  },
  {
    path: 'privacy-policy',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () =>
        (await import('./features/content/routes/privacy-policy-page.tsx')).PrivacyPolicyPage,
    },
  },
  {
    path: 'terms',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () => (await import('./features/content/routes/terms-page.tsx')).TermsPage,
    },
  },
  {
    path: 'cookies',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () =>
        (await import('./features/content/routes/cookies-page.tsx')).CookiesPage,
    },
  },
  // Issue 5 (open): /browse-tasks (listing).
  ...openTaskRoutes,
];

const protectedRoutes: RouteObject[] = [
  {
    path: 'profile',
    HydrateFallback: PageSpinner,
    lazy: {
      Component: async () => (await import('./features/auth/routes/profile-page.tsx')).ProfilePage,
    },
  },
  // Issue 5 (protected): /add-task, /my-tasks, /browse-tasks/:id, /update-task/:id and
  // /view-bids/:id, each as a lazy route with HydrateFallback: PageSpinner.
  ...protectedTaskRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageSpinner,
    children: [
      {
        // Errors of any screen render the 404 page inside the layout.
        ErrorBoundary: RouteError,
        children: [
          ...openRoutes,
          { Component: ProtectedLayout, children: protectedRoutes },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
