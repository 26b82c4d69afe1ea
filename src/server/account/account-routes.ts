import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELETE_FRESH_SIGN_IN_MINUTES } from '../../shared/account.ts';
import { deleteAccountSchema, signInMethodsSchema } from '../../shared/users.ts';
import { fetchHeaders } from '../auth/require-user.ts';
import { account } from '../db/schema.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { createAccountRepository } from './account-repository.ts';
import { routeOptions } from '../http/route-options.ts';

/** Without a password (Google only), deleting needs a sign-in this recent. */
const FRESH_SIGN_IN_MS = DELETE_FRESH_SIGN_IN_MINUTES * 60_000;

/** How I sign in, "Download my data" and "Delete account". */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAccountRepository(app.database.db);

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
      'Download my data: profile, tasks, bids, questions, messages, reviews given, notifications, e-mail settings (JSON)',
      {
        response: {
          200: z.looseObject({
            exportedAt: z.string(),
            profile: z.looseObject({}),
            tasks: z.array(z.looseObject({})),
            bids: z.array(z.looseObject({})),
            questions: z.array(z.looseObject({})),
            messages: z.array(z.looseObject({})),
            reviewsGiven: z.array(z.looseObject({})),
            notifications: z.array(z.looseObject({})),
            emailPreferences: z.array(z.looseObject({})),
          }),
        },
      },
    ),
    async (request, reply) => {
      const data = await repo.export(request.user.id);
      reply.header('content-disposition', 'attachment; filename="taskbid-my-data.json"');
      return { exportedAt: new Date().toISOString(), ...data, profile: data.profile ?? {} };
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
        },
      },
    ),
    async (request) => {
      const { user } = request;
      const hash = await passwordHash(user.id);
      if (hash) {
        const ctx = await app.auth.$context;
        const ok =
          request.body.password !== undefined &&
          (await ctx.password.verify({ hash, password: request.body.password }));
        if (!ok) throw badRequest('That password is not right.', 'INVALID_PASSWORD');
      } else {
        const current = await app.auth.api.getSession({ headers: fetchHeaders(request.headers) });
        const age = Date.now() - (current?.session.createdAt.getTime() ?? 0);
        if (age > FRESH_SIGN_IN_MS)
          throw badRequest('Sign in with Google again, then delete the account.', 'STALE_SIGN_IN');
      }
      if (!(await repo.delete(user.id))) throw unauthorized();
      // Its sessions are gone: no instance may answer from one it read before.
      await app.sessions.changed(app.database.db, user.id);
      request.log.info({ userId: user.id }, 'account deleted');
      return { acknowledged: true as const };
    },
  );
};
