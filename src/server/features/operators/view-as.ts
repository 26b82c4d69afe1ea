import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personIdParamsSchema, reasonSchema } from '../../../shared/operators/schema.ts';
import { recordAudit, requestActor } from '../../platform/audit.ts';
import { fetchHeaders } from '../../platform/auth/require-user.ts';
import { VIEWING_AS_SECONDS } from '../../platform/auth/viewing-as.ts';
import { session } from '../../platform/db/schema.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { eq } from 'drizzle-orm';
import { lockTarget } from './repository.ts';
import { operator } from './operator-route.ts';

/**
 * An admin sees the app as a person sees it, to understand what they report: better-auth's
 * impersonation opens a session of theirs (the admin's own is kept aside in a cookie and comes
 * back at /api/auth/admin/stop-impersonating). That session reads and never writes
 * (platform/auth/viewing-as.ts), lasts 30 minutes, and is in the audit log with its reason.
 */
export const viewAsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/api/admin/people/:id/view-as',
    operator('admin', 'View the app as a person, read-only, for 30 minutes (admins)', {
      description:
        'Answers with the session cookies of a read-only session of theirs; the admin’s own session comes back at /api/auth/admin/stop-impersonating. Logged with the reason.',
      params: personIdParamsSchema,
      body: reasonSchema,
      response: { 200: z.object({ until: z.string() }), ...errorResponses(403, 404) },
    }),
    async (request, reply) => {
      const actor = requestActor(request);
      const targetId = request.params.id;
      // Checked in its own transaction: better-auth writes the session on another connection.
      await db.transaction((tx) => lockTarget(tx, actor, targetId));
      const { headers, response } = await app.auth.api.impersonateUser({
        body: { userId: targetId },
        headers: fetchHeaders(request.headers),
        returnHeaders: true,
      });
      const until = new Date(Date.now() + VIEWING_AS_SECONDS * 1000).toISOString();
      try {
        await db.transaction((tx) =>
          recordAudit(tx, actor, {
            action: 'person.viewed',
            target: { type: 'person', id: targetId },
            after: { until },
            reason: request.body.reason,
          }),
        );
      } catch (error) {
        // No view without its audit row.
        await db.delete(session).where(eq(session.id, response.session.id));
        throw error;
      }
      reply.header('set-cookie', headers.getSetCookie());
      return { until };
    },
  );
};
