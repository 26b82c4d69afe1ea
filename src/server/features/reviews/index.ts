import type { Feature } from '../../platform/feature.ts';
import { reviewPersonalData } from './personal-data.ts';
import { runReviewJobs } from './review-window.ts';
import { reviewRoutes } from './routes.ts';
import { reviewDemo } from './demo.ts';

export { requestReviews } from './review-window.ts';
export { createReviewRepository } from './repository.ts';

/** Reviews both ways after completed work, published together or when the window closes. */
export const reviewsFeature: Feature = {
  name: 'reviews',
  routes: reviewRoutes,
  jobs: [
    {
      name: 'review window: publish and remind',
      everyMs: 60_000,
      run: ({ db, events }) => runReviewJobs(db, events),
    },
  ],
  personalData: reviewPersonalData,
  notificationKinds: ['review.requested', 'review.reminder', 'review.published'],
  demo: reviewDemo,
};
