import type { Feature } from '../../platform/feature.ts';
import { profilePersonalData } from './personal-data.ts';
import { userRoutes } from './routes.ts';
import { profileDemo } from './demo.ts';
import { userPages, userSitemap } from './pages.ts';

/** Public profiles: what a person shows everyone, and their track record. */
export const usersFeature: Feature = {
  name: 'users',
  routes: userRoutes,
  personalData: profilePersonalData,
  demo: profileDemo,
  pages: userPages,
  sitemap: userSitemap,
};
