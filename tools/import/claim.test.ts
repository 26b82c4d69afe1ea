import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCall, cookieFrom } from '../../tests/factories/users.ts';
import { linkIn, useMailTestApp } from '../../tests/setup/mail-test-app.ts';
import { useGoogleTestApp } from '../../tests/setup/google-test-app.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { user } from '../../src/server/platform/db/schema.ts';
import { runImport } from './run.ts';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/import');

const importFixtures = (db: Db) =>
  runImport(db, {
    tasksFile: join(FIXTURES, 'tasks.json'),
    bidsFile: join(FIXTURES, 'bids.jsonl'),
    dryRun: false,
    rejectsFile: join(mkdtempSync(join(tmpdir(), 'taskbid-import-')), 'rejects.jsonl'),
    ignoreUnknownFields: false,
  });

async function importedId(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

describe('an imported person claims the account with "Forgot password?"', () => {
  const t = useMailTestApp();

  it('the reset mail comes, the password is set, and sign-in finds the imported work', async () => {
    await importFixtures(t.app.database.db);
    const post = (url: string, payload: object) => apiCall(t.app, 'POST', url, undefined, payload);
    const email = 'eve@example.com';
    expect(
      (await post('/api/auth/sign-in/email', { email, password: 'anything-1' })).statusCode,
    ).toBe(401);

    expect((await post('/api/auth/request-password-reset', { email })).statusCode).toBe(200);
    const [mail] = await t.smtp.waitFor(email, 1);
    expect(mail?.subject).toBe('Reset your TaskBid password');
    const link = await t.app.inject({
      method: 'GET',
      url: linkIn(mail, '/api/auth/reset-password/'),
    });
    const token = new URL(link.headers.location as string).searchParams.get('token') ?? '';
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'claimed-at-last' });
    expect(reset.statusCode).toBe(200);

    const signIn = await post('/api/auth/sign-in/email', { email, password: 'claimed-at-last' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(await importedId(t.app.database.db, email));
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?email=${email}`,
      headers: { cookie: cookieFrom(signIn.headers['set-cookie']) },
    });
    expect(mine.json<{ title: string }[]>().map((task) => task.title)).toEqual(['Survey design']);
  });
});

describe('an imported person claims the account by signing in with Google', () => {
  const t = useGoogleTestApp();

  it('the Google account with the same verified e-mail links to it', async () => {
    await importFixtures(t.app.database.db);
    const email = 'ben@example.com';
    const { done } = await t.provider.signIn(t.app, '/my-tasks', {
      sub: `google-${randomUUID()}`,
      email,
      name: 'Benjamin Brown',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/my-tasks');
    const cookie = cookieFrom(done.headers['set-cookie']);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json().user.id).toBe(await importedId(t.app.database.db, email));
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?email=${email}`,
      headers: { cookie },
    });
    expect(
      mine
        .json<{ title: string }[]>()
        .map((task) => task.title)
        .sort(),
    ).toEqual(['Logo for a cafe', 'Plan a trip']);
  });
});
