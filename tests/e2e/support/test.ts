/**
 * The `test` every browser test imports: Playwright's, with `baseURL` pointing at the app
 * the global setup started.
 */
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  IDENTITY_COOKIE,
  identityCookieValue,
  type OidcIdentity,
} from '../../setup/oidc-provider.ts';
import { TEST_ACCOUNTS_PATH } from './stack.ts';

export interface ApiUser {
  user: TestUser;
  /** A request client signed in as `user` (sends our Origin). */
  api: APIRequestContext;
}

/**
 * The accounts of one test. Every account made through it (or handed to `track`) is deleted
 * when the test ends, passed or failed, with everything it owns; its clients are disposed.
 */
export interface Accounts {
  /** Signs the browser context of `on` (the test's page by default) up, and so in, as a new user. */
  signInPage(prefix?: string, on?: Page): Promise<TestUser>;
  /** Another user, signed in on a request client of its own. */
  apiUser(prefix?: string): Promise<ApiUser>;
  /** Creates an account without signing anyone in. */
  create(prefix?: string): Promise<TestUser>;
  /** An account the test makes itself (the sign-up form): deleted at the end too. */
  track<U extends { email: string }>(user: U): U;
  /** The same, on another server of the tests (it must serve server.ts's route too). */
  at(origin: string, page?: Page): Accounts;
}

/** The app's address, set by the global setup. */
function appOrigin(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `playwright test`');
  return url;
}

/**
 * Sends a request again when the server answers 503 with `Retry-After` (it sheds load while a
 * busy machine runs the browsers beside it), after the wait it asks for, at most four times:
 * what any client of the API is expected to do. Accounts are what the tests stand on, not what
 * they test.
 */
async function withRetryAfter(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let tries = 1; ; tries++) {
    const response = await send();
    const wait = Number(response.headers()['retry-after']);
    if (response.status() !== 503 || !(wait > 0) || tries === 5) return response;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/** An `Accounts` and the clean-up that deletes what it made. */
function openAccounts(origin: string, page?: Page) {
  /** Every account made, by the server it was made on. */
  const made: { origin: string; email: string }[] = [];
  const clients: APIRequestContext[] = [];

  const on = (origin: string, page?: Page): Accounts => {
    const newClient = async () => {
      const client = await playwrightRequest.newContext({
        baseURL: origin,
        extraHTTPHeaders: { origin },
      });
      clients.push(client);
      return client;
    };
    const track = <U extends { email: string }>(user: U): U => {
      made.push({ origin, email: user.email });
      return user;
    };
    const signUp = async (client: APIRequestContext, prefix: string) => {
      const user = track(uniqueUser(prefix));
      const response = await withRetryAfter(() =>
        client.post(`${origin}/api/auth/sign-up/email`, {
          data: { name: user.name, email: user.email, password: user.password },
          headers: { origin },
        }),
      );
      expect(response.status(), await response.text()).toBe(200);
      // A sign-up signs nobody in (it answers alike for a taken address): sign in.
      const signedIn = await withRetryAfter(() =>
        client.post(`${origin}/api/auth/sign-in/email`, {
          data: { email: user.email, password: user.password },
          headers: { origin },
        }),
      );
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      // An account that has found its way around: its welcome was skipped (welcome.spec.ts
      // makes the new accounts that see it).
      const skipped = await withRetryAfter(() =>
        client.put(`${origin}/api/account/welcome`, { data: {}, headers: { origin } }),
      );
      expect(skipped.status(), await skipped.text()).toBe(200);
      return user;
    };
    return {
      signInPage: (prefix = 'owner', target = page) => {
        if (!target) throw new Error('no page to sign in here: pass one');
        return signUp(target.request, prefix);
      },
      apiUser: async (prefix = 'bidder') => {
        const api = await newClient();
        return { user: await signUp(api, prefix), api };
      },
      create: async (prefix = 'user') => signUp(await newClient(), prefix),
      track,
      at: on,
    };
  };

  const cleanUp = async () => {
    for (const client of clients) await client.dispose();
    const admin = await playwrightRequest.newContext();
    try {
      for (const { origin, email } of made) {
        const url = `${origin}${TEST_ACCOUNTS_PATH}/${encodeURIComponent(email)}`;
        const response = await admin.delete(url);
        // 404: the test never got as far as creating it.
        expect([204, 404], `deleting ${email}`).toContain(response.status());
      }
    } finally {
      await admin.dispose();
    }
  };
  return { accounts: on(origin, page), cleanUp };
}

export const test = base.extend<{ accounts: Accounts }, { workerAccounts: Accounts }>({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be there.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(appOrigin());
  },
  /** This test's accounts: deleted when it ends, passed or failed. */
  accounts: async ({ page, baseURL }, use) => {
    const { accounts, cleanUp } = openAccounts(baseURL!, page);
    try {
      await use(accounts);
    } finally {
      await cleanUp();
    }
  },
  /** Accounts for `beforeAll` data shared by a file's tests: deleted when the worker ends. */
  workerAccounts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { accounts, cleanUp } = openAccounts(appOrigin());
      try {
        await use(accounts);
      } finally {
        await cleanUp();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect };

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function uniqueUser(prefix = 'user'): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Test ${prefix} ${id}`,
    email: `${prefix}-${id}@example.com`,
    // Without the digits that read as letters ("7e57" is "test", a word of the name): the
    // server would refuse it as personal, at random.
    password: `pass-${randomUUID().replace(/[013457]/g, '')}`,
  };
}

/** Makes the local OpenID provider sign this browser context in as `identity`. */
export async function signInWithGoogleAs(context: BrowserContext, identity: OidcIdentity) {
  await context.addCookies([
    {
      name: IDENTITY_COOKIE,
      value: identityCookieValue(identity),
      domain: '127.0.0.1',
      path: '/',
    },
  ]);
}

/** A Google identity of one test's own: e-mail `<prefix>-<id>@gmail.example`, name `<name> <id>`. */
export function uniqueGoogleIdentity(prefix: string, name: string): OidcIdentity {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `sub-${randomUUID()}`,
    email: `${prefix}-${id}@gmail.example`,
    name: `${name} ${id}`,
  };
}

/** On /login, presses "Continue with Google"; returns the provider's popup. */
export async function openGooglePopup(page: Page): Promise<Page> {
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  return popupOpened;
}

/** Signs in as `identity` in the provider's popup; waits until the popup has closed. */
export async function continueInGooglePopup(popup: Page, identity: OidcIdentity) {
  // Listen before clicking: the popup may close as soon as the provider redirects back.
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('link', { name: `Continue as ${identity.name}` }).click();
  await closed;
}

/** The header's account button (the avatar). */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^Account menu for / });
}
