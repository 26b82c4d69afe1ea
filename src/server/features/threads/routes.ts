import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadResultSchema,
  markReadSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  openThreadSchema,
  sendMessageSchema,
  threadIdParamsSchema,
  threadListQuerySchema,
  threadPageSchema,
  threadSchema,
} from '../../../shared/threads/schema.ts';
import { unreadCountSchema } from '../../../shared/notifications/schema.ts';
import { threadNotFound } from './access.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createMessageRepository } from './messages-repository.ts';
import { createThreadRepository } from './repository.ts';

/**
 * Private messages between a task's owner and one bidder. Every route answers only to the
 * thread's two participants; anyone else gets 404, as if the thread did not exist.
 */
export const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  const threads = createThreadRepository(app.database.db);
  const messages = createMessageRepository(app.database.db, app.events);

  /** The thread as the caller sees it, read from the primary (just written). */
  const threadFor = async (threadId: string, userId: string) => {
    const thread = await threads.get(app.database.db, threadId, userId);
    if (!thread) throw threadNotFound();
    return thread;
  };

  app.post(
    '/api/threads',
    routeOptions(
      'user',
      'messages',
      'Open (or find) the thread between a task’s owner and a bidder',
      {
        description:
          'The task’s owner names the bidder (`bidderId`, someone who bid on the task); a bidder leaves it out. 201 when the thread was created, 200 when it existed.',
        body: openThreadSchema,
        response: {
          200: threadSchema,
          201: threadSchema,
          ...errorResponses(403, 404, 409),
        },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const { taskId, bidderId } = request.body;
      const opened = await threads.open(taskId, request.user.id, bidderId);
      const thread = await threadFor(opened.id, request.user.id);
      return reply.status(opened.created ? 201 : 200).send(thread);
    },
  );

  app.get(
    '/api/threads',
    routeOptions('user', 'messages', 'My threads, newest activity first', {
      description:
        'Keyset paged: `limit` (default 20, at most 100) and `cursor`, the `nextCursor` of the previous page (null on the last page).',
      querystring: threadListQuerySchema,
      response: { 200: threadPageSchema },
    }),
    async (request) => {
      const { cursor, limit } = request.query;
      return threads.list(request.readDb(), request.user.id, cursor, limit);
    },
  );

  app.get(
    '/api/threads/unread',
    routeOptions('user', 'messages', 'How many messages addressed to me are unread', {
      response: { 200: unreadCountSchema },
    }),
    async (request) => ({ count: await threads.unreadCount(request.readDb(), request.user.id) }),
  );

  app.get(
    '/api/threads/:id',
    routeOptions('user', 'messages', 'One of my threads', {
      params: threadIdParamsSchema,
      response: { 200: threadSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const thread = await threads.get(request.readDb(), request.params.id, request.user.id);
      if (!thread) throw threadNotFound();
      return thread;
    },
  );

  app.get(
    '/api/threads/:id/messages',
    routeOptions('user', 'messages', 'A thread’s messages, the newest page first', {
      description:
        'The newest `limit` (default 50, at most 100) messages before `cursor`, oldest to newest; `nextCursor` (null when there are none) loads the older ones.',
      params: threadIdParamsSchema,
      querystring: messageListQuerySchema,
      response: { 200: messagePageSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const { cursor, limit } = request.query;
      return messages.list(request.readDb(), request.params.id, request.user.id, cursor, limit);
    },
  );

  app.post(
    '/api/threads/:id/messages',
    routeOptions(
      'user',
      'messages',
      'Send a message in one of my threads',
      {
        description:
          'Plain text, trimmed, 1 to 4,000 characters. 409 `THREAD_CLOSED` once the task was deleted or completed more than 30 days ago.',
        params: threadIdParamsSchema,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errorResponses(404, 409, 429) },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const message = await messages.send(request.params.id, request.user.id, request.body.body);
      request.log.info({ threadId: request.params.id, messageId: message.id }, 'message sent');
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/threads/:id/read',
    routeOptions('user', 'messages', 'Mark read everything up to a message of one of my threads', {
      params: threadIdParamsSchema,
      body: markReadSchema,
      response: { 200: markReadResultSchema, ...errorResponses(404) },
    }),
    async (request) => {
      await messages.markRead(request.params.id, request.user.id, request.body.upTo);
      return { acknowledged: true as const };
    },
  );
};
