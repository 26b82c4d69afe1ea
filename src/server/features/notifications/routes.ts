import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSchema, unreadCountSchema } from '../../../shared/notifications/schema.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/notifications/rules.ts';
import { pageQuerySchema } from '../../../shared/paging/schema.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createNotificationRepository } from './repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

const pageQuery = pageQuerySchema(NOTIFICATIONS_PAGE_SIZE);
const idParams = z.object({ id: z.string().max(100) });
const done = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });

/** The signed-in user's notifications: list, unread count, mark read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createNotificationRepository(app.database.db);
  app.get(
    '/api/notifications',
    routeOptions('user', 'notifications', 'My notifications, newest first', {
      description:
        'Paged with `page` and `limit` (default 20, at most 100); `X-Total-Count` holds the number of my notifications.',
      querystring: pageQuery,
      response: { 200: z.array(notificationSchema) },
    }),
    async (request, reply) => {
      const { user } = request;
      return sendPage(reply, await repo.list(user.id, request.query.page, request.query.limit));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    routeOptions('user', 'notifications', 'How many of my notifications are unread', {
      response: { 200: unreadCountSchema },
    }),
    async (request) => ({ count: await repo.unreadCount(request.user.id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    routeOptions('user', 'notifications', 'Mark one of my notifications read', {
      params: idParams,
      response: { 200: done, ...errorResponses(404) },
    }),
    async (request) => {
      await repo.markRead(request.user.id, request.params.id);
      return { acknowledged: true as const, modifiedCount: 1 };
    },
  );

  app.post(
    '/api/notifications/read-all',
    routeOptions('user', 'notifications', 'Mark all my notifications read', {
      response: { 200: done },
    }),
    async (request) => {
      const { user } = request;
      return { acknowledged: true as const, modifiedCount: await repo.markAllRead(user.id) };
    },
  );
};
