import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../tests/factories/imports.ts';
import { cookieFrom, requestsFor, signUp } from '../../tests/factories/users.ts';
import { linkIn, resetTokenFor, useMailTestApp } from '../../tests/setup/mail-test-app.ts';
import { account, importedUsers, session, user } from '../../src/server/platform/db/schema.ts';

describe('import: an address someone signed up with but never verified', () => {
  const t = useMailTestApp();
  const { post, get } = requestsFor(t);

  it("gives the old work to whoever proves the address, never to the account's holder", async () => {
    const db = t.app.database.db;
    // Ana's address is in the export; someone else signs up with it and never verifies it.
    const squatter = await signUp(t.app, { email: 'ana@example.com', name: 'Not Ana' });
    const away = 'squatter@evil.example';
    // Prepared before the import: a link that would move the account to the squatter's address.
    expect(
      (
        await post(
          '/api/auth/change-email',
          { newEmail: away, currentPassword: squatter.password },
          squatter.cookie,
        )
      ).json(),
    ).toEqual({ status: true });
    const [moveLink] = await t.smtp.waitFor(away);

    const run = await importFiles(db);
    // The squatter is out: no session, no password, no way to move the account away. (Each
    // instance forgets the session when the word reaches it: at once, or nearly on a server.)
    await expect
      .poll(async () => (await get('/api/auth/get-session', squatter.cookie)).json(), {
        timeout: 2000,
      })
      .toBeNull();
    expect((await get('/api/tasks?email=ana@example.com', squatter.cookie)).statusCode).toBe(401);
    const signIn = (password: string) =>
      post('/api/auth/sign-in/email', { email: 'ana@example.com', password });
    expect((await signIn(squatter.password)).statusCode).toBe(401);
    await get(linkIn(moveLink, '/api/auth/verify-email?token='));
    const [row] = await db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, squatter.id));
    expect(row).toEqual({ email: 'ana@example.com', verified: true });
    expect(await db.select().from(session).where(eq(session.userId, squatter.id))).toEqual([]);
    expect(await db.select().from(account).where(eq(account.userId, squatter.id))).toEqual([]);
    const [imported] = await db
      .select({ created: importedUsers.createdAccount })
      .from(importedUsers)
      .where(eq(importedUsers.userId, squatter.id));
    expect(imported).toEqual({ created: false });

    expect(run.summary).toContain(
      '1 unverified account taken back (its password, sign-ins and sessions ended)',
    );

    // Ana claims it through her address, as an imported person with no account would.
    expect(
      (await post('/api/auth/request-password-reset', { email: 'ana@example.com' })).statusCode,
    ).toBe(200);
    const token = await resetTokenFor(t, 'ana@example.com');
    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'anas-own-words-9',
    });
    expect(reset.statusCode).toBe(200);
    const ana = await signIn('anas-own-words-9');
    expect(ana.statusCode).toBe(200);
    expect(ana.json().user.id).toBe(squatter.id);
    const mine = await get(
      '/api/tasks?email=ana@example.com',
      cookieFrom(ana.headers['set-cookie']),
    );
    expect(
      mine
        .json<{ title: string }[]>()
        .map((task) => task.title)
        .sort(),
    ).toEqual(['Build a landing page', 'Write a blog post']);
    // The squatter's old link still moves nothing, now that Ana holds the account.
    await get(linkIn(moveLink, '/api/auth/verify-email?token='));
    const [after] = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, squatter.id));
    expect(after?.email).toBe('ana@example.com');
  });
});
