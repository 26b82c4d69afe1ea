import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationPreferencesSchema } from '../../../shared/notifications/schema.ts';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
} from '../../../shared/notifications/rules.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { readUnsubscribeToken } from '../../platform/mail/unsubscribe-token.ts';
import { createPreferencesRepository } from './preferences-repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

const tokenQuery = z.object({ token: z.string().min(1).max(1000) });
const unsubscribed = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  label: z.string(),
  email: z.boolean(),
});

/**
 * E-mail per notification type: the signed-in settings, and the signed-out unsubscribe
 * link from each mail (RFC 8058 one-click: a mail app POSTs it, form-encoded, from anywhere).
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPreferencesRepository(app.database.db);
  const secret = app.config.authSecret;

  const readToken = (token: string) => {
    const found = readUnsubscribeToken(secret, token);
    if (!found) throw badRequest('This unsubscribe link is not valid.', 'INVALID_TOKEN');
    return found;
  };

  app.get(
    '/api/account/notification-preferences',
    routeOptions('user', 'account', 'Which notification types I also get by e-mail', {
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => repo.get(request.user.id),
  );

  app.put(
    '/api/account/notification-preferences',
    routeOptions('user', 'account', 'Turn e-mail on or off per notification type', {
      description: 'Types left out keep their setting. Account mails cannot be turned off.',
      body: notificationPreferencesSchema.partial().strict(),
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => {
      await repo.set(request.user.id, request.body);
      return repo.get(request.user.id);
    },
  );

  app.get(
    '/api/unsubscribe',
    routeOptions('public', 'account', 'What an unsubscribe link is for (changes nothing)', {
      querystring: tokenQuery,
      response: { 200: unsubscribed },
    }),
    async (request) => {
      const { userId, type } = readToken(request.query.token);
      const current = await repo.get(userId);
      return { type, label: NOTIFICATION_TYPE_LABELS[type], email: current[type] };
    },
  );

  await app.register(async (oneClick) => {
    // Mail apps post `List-Unsubscribe=One-Click` form-encoded; the token is the authority.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/unsubscribe',
        routeOptions(
          'public',
          'account',
          'Turn off e-mail for the type an unsubscribe link names (one click)',
          { querystring: tokenQuery, response: { 200: unsubscribed } },
          { config: { mailClientPost: true } },
        ),
        async (request) => {
          const { userId, type } = readToken(request.query.token);
          await repo.set(userId, { [type]: false });
          return { type, label: NOTIFICATION_TYPE_LABELS[type], email: false };
        },
      );
  });
};
