import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from '../assignments/routes.ts';
import { bidRoutes } from '../bids/routes.ts';
import { seedOnFirstStart } from '../db/first-start.ts';
import { newsletterRoutes } from '../newsletter/routes.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { registerOpenApi } from '../openapi/register.ts';
import { taskRoutes } from '../tasks/routes.ts';

/** The marketplace API (tasks, bids, assignments, notifications, newsletter) and its OpenAPI document. */
export async function marketplaceRoutes(app: FastifyInstance) {
  await registerOpenApi(app);
  await app.register(taskRoutes);
  await app.register(bidRoutes);
  await app.register(assignmentRoutes);
  await app.register(newsletterRoutes);
  await app.register(notificationRoutes);
  app.addHook('onReady', async () => seedOnFirstStart(app));
}
