/**
 * The `test` every browser test imports: Playwright's, with `baseURL` pointing at the app
 * the global setup started.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { IDENTITY_COOKIE, type OidcIdentity } from './oidc-provider.ts';

export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be there.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through `playwright test`');
    await use(url);
  },
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
    password: `pass-${randomUUID()}`,
  };
}

/** Creates an account through the API without signing the page in. */
export async function createAccount(baseURL: string, user: TestUser): Promise<void> {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ name: user.name, email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** Makes the local OpenID provider sign this browser context in as `identity`. */
export async function signInWithGoogleAs(context: BrowserContext, identity: OidcIdentity) {
  await context.addCookies([
    {
      name: IDENTITY_COOKIE,
      value: encodeURIComponent(JSON.stringify(identity)),
      domain: '127.0.0.1',
      path: '/',
    },
  ]);
}

/** The header's account button (the avatar). */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^Account menu for / });
}
