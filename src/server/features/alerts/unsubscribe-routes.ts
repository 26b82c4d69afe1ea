import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alertUnsubscribeSchema } from '../../../shared/alerts/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { savedSearches } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { readSavedSearchUnsubscribeToken } from '../../platform/mail/unsubscribe-token.ts';
import { z } from 'zod';

const tokenQuery = z.object({ token: z.string().min(1).max(2000) });

/** Whether a search still sends e-mail: not paused, with the e-mail channel. */
const mailing = sql<boolean>`${savedSearches.frequency} <> 'paused' and 'email' = any(${savedSearches.channels})`;

/** The searches a token names (those its person still has), and whether each still mails. */
async function named(db: Db, userId: string, ids: string[]) {
  const rows = await db
    .select({ name: savedSearches.name, email: mailing })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), inArray(savedSearches.id, ids)))
    .orderBy(savedSearches.createdAt);
  return { searches: rows };
}

/**
 * The unsubscribe link of a task alert mail (RFC 8058 one-click, like the notification
 * mails'): e-mail stops for the saved searches it names and no others. A search that also
 * alerts in the app keeps doing so; one that only mailed is paused.
 */
export const alertUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const secret = app.config.authSecret;
  const readToken = (token: string) => {
    const found = readSavedSearchUnsubscribeToken(secret, token);
    if (!found) throw badRequest('This unsubscribe link is not valid.', 'INVALID_TOKEN');
    return { userId: found.userId, ids: found.searchIds.filter(isUuid) };
  };

  app.get(
    '/api/alerts/unsubscribe',
    routeOptions('public', 'alerts', 'Which saved searches a task alert’s unsubscribe link names', {
      querystring: tokenQuery,
      response: { 200: alertUnsubscribeSchema, ...errorResponses(400) },
    }),
    async (request) => {
      const { userId, ids } = readToken(request.query.token);
      return named(db, userId, ids);
    },
  );

  await app.register(async (oneClick) => {
    // Mail apps post `List-Unsubscribe=One-Click` form-encoded; the token is the authority.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/api/alerts/unsubscribe',
      routeOptions(
        'public',
        'alerts',
        'Turn off e-mail for the saved searches a task alert’s link names (one click)',
        {
          querystring: tokenQuery,
          response: { 200: alertUnsubscribeSchema, ...errorResponses(400) },
        },
        { config: { mailClientPost: true } },
      ),
      async (request) => {
        const { userId, ids } = readToken(request.query.token);
        if (ids.length > 0)
          await db
            .update(savedSearches)
            .set({
              channels: sql`case when 'in-app' = any(${savedSearches.channels}) then array['in-app']::text[] else ${savedSearches.channels} end`,
              frequency: sql`case when 'in-app' = any(${savedSearches.channels}) then ${savedSearches.frequency} else 'paused' end`,
              updatedAt: sql`now()`,
            })
            .where(
              and(
                eq(savedSearches.userId, userId),
                inArray(savedSearches.id, ids),
                sql`'email' = any(${savedSearches.channels})`,
              ),
            );
        return named(db, userId, ids);
      },
    );
  });
};
