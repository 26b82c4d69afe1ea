import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, signInMethodsSchema } from '../../../shared/users/schema.ts';
import { ownerProofProblem } from '../../platform/auth/owner-proof.ts';
import { fetchHeaders } from '../../platform/auth/require-user.ts';
import { account } from '../../platform/db/schema.ts';
import { badRequest, unauthorized } from '../../platform/http/errors.ts';
import { createAccountRepository } from './account-repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';

/** The download: every feature's sections (see each feature's `personalData`). */
const section = z.array(z.looseObject({}));
const exportAnswer = z.looseObject({
  exportedAt: z.string(),
  profile: z.looseObject({}),
  sessions: section,
  signInMethods: section,
  publicProfile: z.looseObject({}).nullable(),
  tasks: section,
  bids: section,
  bidHistory: section,
  questions: section,
  threads: section,
  messages: section,
  reviewsGiven: section,
  reviewsReceived: section,
  notifications: section,
  emailPreferences: section,
});

/** How I sign in, "Download my data" and "Delete account". */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAccountRepository(app.database.db, app.features, app.events);

  const passwordHash = async (userId: string) => {
    const [credential] = await app.database.db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    return credential?.hash ?? null;
  };

  app.get(
    '/api/account',
    routeOptions(
      'user',
      'account',
      'How I sign in: whether the account has a password (or Google only)',
      {
        response: { 200: signInMethodsSchema },
      },
    ),
    async (request) => ({ hasPassword: (await passwordHash(request.user.id)) !== null }),
  );

  app.get(
    '/api/account/export',
    routeOptions(
      'user',
      'account',
      'Download my data: account, sessions, public profile, tasks, bids, questions, threads and messages, reviews given and received, notifications, e-mail settings (JSON)',
      {
        response: {
          200: exportAnswer,
        },
      },
    ),
    async (request, reply) => {
      const data = await repo.export(request.user.id);
      reply.header('content-disposition', 'attachment; filename="taskbid-my-data.json"');
      const answer = { exportedAt: new Date().toISOString(), ...data, profile: data.profile ?? {} };
      return answer as z.infer<typeof exportAnswer>;
    },
  );

  app.delete(
    '/api/account',
    routeOptions(
      'user',
      'account',
      'Delete my account (needs my password, or a sign-in in the last 10 minutes)',
      {
        description:
          'Open tasks are deleted, pending bids withdrawn; agreed work stays on the other person’s task under the name "Deleted user". A confirmation mail goes to the old address, which can sign up again.',
        body: deleteAccountSchema,
        response: {
          200: z.object({ acknowledged: z.literal(true) }),
          ...errorResponses(429),
        },
      },
      // A wrong password must not be guessed again at the request ceiling (rate-limits.ts).
      { config: { checksPassword: true } },
    ),
    async (request) => {
      const { user } = request;
      const current = await app.auth.api.getSession({ headers: fetchHeaders(request.headers) });
      const problem = await ownerProofProblem(
        await app.auth.$context,
        user.id,
        request.body.password,
        current?.session.createdAt ?? new Date(0),
      );
      if (problem === 'INVALID_PASSWORD')
        throw badRequest('That password is not right.', 'INVALID_PASSWORD');
      if (problem === 'STALE_SIGN_IN')
        throw badRequest('Sign in with Google again, then delete the account.', 'STALE_SIGN_IN');
      if (!(await repo.delete(user.id))) throw unauthorized();
      // Its sessions are gone: no instance may answer from one it read before.
      await app.sessions.changed(app.database.db, user.id);
      request.log.info({ userId: user.id }, 'account deleted');
      return { acknowledged: true as const };
    },
  );
};
