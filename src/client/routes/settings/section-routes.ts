import type { RouteObject } from 'react-router';

/**
 * The settings sections' route modules by address under /profile (the first is /profile
 * itself): all the router needs. Their titles and icons are the settings screens' own
 * (sections.ts), so no page but those loads them.
 */
export const SECTION_MODULES = {
  profile: () => import('./profile.tsx'),
  'public-profile': () => import('./public-profile.tsx'),
  password: () => import('./password.tsx'),
  email: () => import('./email.tsx'),
  sessions: () => import('./sessions.tsx'),
  notifications: () => import('./notifications.tsx'),
  notices: () => import('./notices.tsx'),
  alerts: () => import('./alerts.tsx'),
  'blocked-people': () => import('./blocked-people.tsx'),
  payments: () => import('./payments.tsx'),
  earnings: () => import('./earnings.tsx'),
  data: () => import('./data.tsx'),
  'delete-account': () => import('./delete-account.tsx'),
} satisfies Record<string, RouteObject['lazy']>;

export type SectionId = keyof typeof SECTION_MODULES;

export const FIRST_SECTION: SectionId = 'profile';

/** The routes under /profile: the first section is its index. */
export const settingsRoutes: RouteObject[] = Object.entries(SECTION_MODULES).map(([id, lazy]) =>
  id === FIRST_SECTION ? { index: true, lazy } : { path: id, lazy },
);
