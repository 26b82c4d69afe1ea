/**
 * The app the browser tests run against: the real server (src/server/main.ts) plus one route
 * only tests have. The account fixtures (support/test.ts) call it to delete each account
 * they made, and through the database's cascades everything the account owns.
 */
import { eq } from 'drizzle-orm';
import { user } from '../../../src/server/db/schema.ts';
import { main } from '../../../src/server/main.ts';
import { TEST_ACCOUNTS_PATH } from './stack.ts';

await main((app) => {
  app.delete<{ Params: { email: string } }>(
    `${TEST_ACCOUNTS_PATH}/:email`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const deleted = await app.database.db
        .delete(user)
        .where(eq(user.email, request.params.email.toLowerCase()))
        .returning({ id: user.id });
      return reply.status(deleted.length > 0 ? 204 : 404).send();
    },
  );
});
