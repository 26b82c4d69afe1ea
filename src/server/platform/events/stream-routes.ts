import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../http/route-options.ts';
import { openEventStream } from './sse.ts';

const SUMMARY = 'Server-Sent Events: what is addressed to me (notifications, messages …)';

/**
 * The signed-in person's own stream: whatever the features send to the `person` stream
 * (`notification`, `message`, `thread-read` …, each feature's `live`) and `resync` when
 * events may have been missed. `/api/notifications/events` is its former name, kept for
 * browsers still running the previous release and left out of the API document.
 */
export const personStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, hide] of [
    ['/api/me/events', false],
    ['/api/notifications/events', true],
  ] as const) {
    app.get(
      url,
      routeOptions('user', 'notifications', SUMMARY, { hide }),
      async (request, reply) => {
        const userId = request.user.id;
        return openEventStream(request, reply, request.user, (stream) =>
          app.streams.follow('person', userId, stream),
        );
      },
    );
  }
};
