import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from './components/ui/page-spinner.tsx';
import { ProtectedLayout } from './layout/protected-layout.tsx';
import { requireSession } from './lib/auth/session-context.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RootError, RouteError } from './layout/route-error.tsx';
import { settingsRoutes } from './routes/settings/section-routes.ts';

/*
 * Every screen is a route module in `routes/` (loaded on demand, its own chunk) exporting
 * `Component` and, where it has them, `loader`, `action` and `shouldRevalidate`. A route
 * module composes features; features never import each other.
 *
 * Protected screens go under the protected layout route: its middleware asks for the session
 * while their loaders already run (a first load waits for both at once, not one after the
 * other) and answers 401 for a signed-out visitor (RouteError then sends them to /login with
 * `state.from`). A loader that needs the user awaits `sessionUser(context)` beside its own
 * requests (lib/auth/session-context.ts).
 */
/**
 * Public screens are written by the server first (entry-server.tsx); a route with this
 * handle, or under a middleware (the protected screens), is rendered by the browser alone.
 */
export const CLIENT_RENDERED = { clientRendered: true } as const;

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
  // What it says depends on this browser (installed, offered): written by the browser alone.
  { ...screen('install', () => import('./routes/install.tsx')), handle: CLIENT_RENDERED },
  screen('browse-tasks', () => import('./routes/browse-tasks.tsx')),
  screen('users/:id', () => import('./routes/user-profile.tsx')),
  screen('unsubscribe', () => import('./routes/unsubscribe.tsx')),
  screen('alerts/unsubscribe', () => import('./routes/alerts-unsubscribe.tsx')),
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
  // The settings: a layout with the side menu, a route per section (routes/settings/).
  {
    path: 'profile',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/settings/layout.tsx'),
    children: settingsRoutes,
  },
  screen('add-task', () => import('./routes/add-task.tsx')),
  screen('my-tasks', () => import('./routes/my-tasks.tsx')),
  screen('my-bids', () => import('./routes/my-bids.tsx')),
  screen('browse-tasks/:id', () => import('./routes/task-detail.tsx')),
  screen('update-task/:id', () => import('./routes/update-task.tsx')),
  screen('view-bids/:id', () => import('./routes/view-bids.tsx')),
  // Paying for an accepted bid (payment protection): its own chunk, loaded only here.
  screen('deals/:id/pay', () => import('./routes/deal-pay.tsx')),
  // The list, and beside it on wide screens (instead of it on phones) one conversation.
  {
    path: 'messages',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/messages.tsx'),
    children: [screen(':threadId', () => import('./routes/message-thread.tsx'))],
  },
  // The first signed-in visit of a new account (once; sign-in leads here while it is pending).
  screen('welcome', () => import('./routes/welcome.tsx')),
  // The operator console: its own chunks, loaded only by operators (members get the 404 page).
  {
    path: 'admin',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/admin/layout.tsx'),
    children: [
      { index: true, lazy: () => import('./routes/admin/dashboard.tsx') },
      screen('queue', () => import('./routes/admin/queue.tsx')),
      screen('appeals', () => import('./routes/admin/appeals.tsx')),
      screen('people', () => import('./routes/admin/people.tsx')),
      screen('people/:id', () => import('./routes/admin/person.tsx')),
      screen('tasks/:id', () => import('./routes/admin/task.tsx')),
      screen('deals', () => import('./routes/admin/deals.tsx')),
      screen('deals/:id', () => import('./routes/admin/deal.tsx')),
      screen('payment-calls', () => import('./routes/admin/payment-calls.tsx')),
      screen('audit-log', () => import('./routes/admin/audit-log.tsx')),
      screen('settings', () => import('./routes/admin/settings.tsx')),
    ],
  },
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
          {
            path: '*',
            lazy: () =>
              import('./layout/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

/**
 * The browser's router. On a page the server rendered (entry-server.tsx), the screen's route
 * modules are loaded first and the router starts from the server's loader data, so the
 * first render matches the HTML it hydrates.
 */
export async function createAppRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const module = await route.lazy();
        Object.assign(route, module, { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { hydrationData });
}
