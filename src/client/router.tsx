import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from './components/ui/page-spinner.tsx';
import { ProtectedLayout } from './lib/auth/require-auth.tsx';
import { requireSession } from './lib/auth/session-context.ts';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RootError, RouteError } from './layout/route-error.tsx';

/*
 * Every screen is a route module in `routes/` (loaded on demand, its own chunk) exporting
 * `Component` and, where it has them, `loader`, `action` and `shouldRevalidate`. A route
 * module composes features; features never import each other.
 *
 * Protected screens go under the protected layout route: its middleware waits for the
 * session and answers 401 for a signed-out visitor (RouteError then sends them to /login with
 * `state.from`), so their loaders run only for a signed-in user and read it with
 * `sessionUser(context)` (lib/auth/session-context.ts).
 */
const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({
  path,
  HydrateFallback: PageSpinner,
  lazy: load,
});

const openRoutes: RouteObject[] = [
  { index: true, HydrateFallback: PageSpinner, lazy: () => import('./routes/home.tsx') },
  screen('login', () => import('./routes/login.tsx')),
  screen('signup', () => import('./routes/signup.tsx')),
  screen('forgot-password', () => import('./routes/forgot-password.tsx')),
  screen('reset-password', () => import('./routes/reset-password.tsx')),
  screen('email-verified', () => import('./routes/email-verified.tsx')),
  screen('how-it-works', () => import('./routes/how-it-works.tsx')),
  screen('how-to-works', () => import('./routes/how-it-works.tsx')),
  screen('pricing', () => import('./routes/pricing.tsx')),
  screen('privacy-policy', () => import('./routes/privacy-policy.tsx')),
  screen('terms', () => import('./routes/terms.tsx')),
  screen('cookies', () => import('./routes/cookies.tsx')),
  screen('browse-tasks', () => import('./routes/browse-tasks.tsx')),
  screen('users/:id', () => import('./routes/user-profile.tsx')),
  screen('unsubscribe', () => import('./routes/unsubscribe.tsx')),
  // The header bell's data (a loader and an action, no screen).
  { path: 'resources/notifications', lazy: () => import('./routes/notifications-resource.ts') },
  // The header's Messages count, and starting a conversation from any screen (no screen).
  { path: 'resources/messages', lazy: () => import('./routes/messages-resource.ts') },
  // The footer's newsletter form (an action, no screen).
  { path: 'resources/newsletter', lazy: () => import('./routes/newsletter-resource.ts') },
  // "Resend e-mail" of the verification banner and page (an action, no screen).
  {
    path: 'resources/verification-email',
    lazy: () => import('./routes/verification-email-resource.ts'),
  },
];

const protectedRoutes: RouteObject[] = [
  screen('profile', () => import('./routes/profile.tsx')),
  screen('add-task', () => import('./routes/add-task.tsx')),
  screen('my-tasks', () => import('./routes/my-tasks.tsx')),
  screen('my-bids', () => import('./routes/my-bids.tsx')),
  screen('browse-tasks/:id', () => import('./routes/task-detail.tsx')),
  screen('update-task/:id', () => import('./routes/update-task.tsx')),
  screen('view-bids/:id', () => import('./routes/view-bids.tsx')),
  screen('messages', () => import('./routes/messages.tsx')),
  screen('messages/:threadId', () => import('./routes/message-thread.tsx')),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageSpinner,
    children: [
      {
        // Errors of any screen render inside the layout (the 404 page, or /login for a 401).
        ErrorBoundary: RouteError,
        children: [
          ...openRoutes,
          { middleware: [requireSession], Component: ProtectedLayout, children: protectedRoutes },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
