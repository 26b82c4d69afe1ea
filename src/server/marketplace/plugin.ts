import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../account/account-routes.ts';
import { preferencesRoutes } from '../account/preferences-routes.ts';
import { bidRoutes } from '../bids/routes.ts';
import { newsletterRoutes } from '../newsletter/routes.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { questionRoutes } from '../questions/routes.ts';
import { reviewRoutes } from '../reviews/routes.ts';
import { assignmentRoutes } from '../tasks/assignment-routes.ts';
import { taskEventRoutes } from '../tasks/event-routes.ts';
import { taskRoutes } from '../tasks/routes.ts';
import { threadRoutes } from '../threads/routes.ts';
import { userRoutes } from '../users/routes.ts';

/** Each feature's routes, registered in this order. */
const FEATURES = [
  taskRoutes,
  bidRoutes,
  assignmentRoutes,
  taskEventRoutes,
  newsletterRoutes,
  notificationRoutes,
  preferencesRoutes,
  accountRoutes,
  reviewRoutes,
  questionRoutes,
  userRoutes,
  threadRoutes,
];

/**
 * The marketplace API: tasks, bids, questions, reviews, public profiles, notifications, private
 * messages, newsletter.
 */
export async function marketplaceRoutes(app: FastifyInstance) {
  for (const routes of FEATURES) await app.register(routes);
}
