import type { RouteObject } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';

/*
 * The task and bid screens (issue 5). Each screen is its own lazily loaded module (its own
 * chunk) exporting `Component` and, where it has them, `loader` and `action`.
 */

/** Open to everyone. */
export const openTaskRoutes: RouteObject[] = [
  {
    path: 'browse-tasks',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/browse-tasks-page.tsx'),
  },
];

/** Behind the protected-route guard. */
export const protectedTaskRoutes: RouteObject[] = [
  {
    path: 'add-task',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/add-task-page.tsx'),
  },
  {
    path: 'my-tasks',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/my-tasks-page.tsx'),
  },
  {
    path: 'my-bids',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/my-bids-page.tsx'),
  },
  {
    path: 'browse-tasks/:id',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/task-detail-page.tsx'),
  },
  {
    path: 'update-task/:id',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/update-task-page.tsx'),
  },
  {
    path: 'view-bids/:id',
    HydrateFallback: PageSpinner,
    lazy: () => import('./routes/view-bids-page.tsx'),
  },
];
