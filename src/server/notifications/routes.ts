import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationSchema,
  unreadCountSchema,
} from '../../shared/notifications.ts';
import { pageQuerySchema } from '../../shared/paging.ts';
import { eventFrame, openEventStream } from '../events/sse.ts';
import { streamTopics } from '../events/topics.ts';
import { sendPage } from '../http/paging.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { createNotificationRepository } from './repository.ts';
import { routeOptions } from '../http/route-options.ts';

const pageQuery = pageQuerySchema(NOTIFICATIONS_PAGE_SIZE);
const idParams = z.object({ id: z.string().max(100) });
const done = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });

/** The signed-in user's notifications: list, unread count, mark read, and a live stream. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createNotificationRepository(app.database.db);
  // One subscription for every personal stream of this instance: each event goes to its
  // user's (both participants' for a thread).
  const people = streamTopics();
  const stop = app.events.subscribe((event) => {
    if (event.type === 'notification') people.send(event.userId, eventFrame('notification', {}));
    if (event.type === 'thread.message' || event.type === 'thread.read') {
      const frame = eventFrame(event.type === 'thread.message' ? 'message' : 'thread-read', {
        threadId: event.threadId,
      });
      for (const userId of new Set(event.userIds)) people.send(userId, frame);
    }
    if (event.type === 'resync') people.sendAll(eventFrame('resync', {}));
  });
  app.addHook('onClose', async () => stop());

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

  // Live: `notification` whenever something new arrives for me (then refetch), `message`
  // when a message is posted in one of my threads, `thread-read` when someone's
  // read point in one of my threads moved (`{ threadId }` only), `resync` when events may have been missed.
  app.get(
    '/api/notifications/events',
    routeOptions(
      'user',
      'notifications',
      'Server-Sent Events: my notifications or threads changed',
      {},
    ),
    async (request, reply) => {
      openEventStream(request, reply, request.user.id, (stream) =>
        people.follow(request.user.id, stream),
      );
    },
  );
};
