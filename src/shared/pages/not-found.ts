import { contentPage } from './site.ts';

/** The 404 screen's heading and line (a missing profile's head says the same). */
export const NOT_FOUND_PAGE = contentPage(
  'Page Not Found',
  "The page you're looking for doesn't exist or has been moved.",
);
