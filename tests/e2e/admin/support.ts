/**
 * Helpers of the console's browser tests: operators are made by the test server's roles
 * route (the code `npm run admin -- grant` runs; the e2e database is in the server's memory),
 * reports through the real API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Role, RuleId } from '../../../src/shared/operators/rules.ts';
import { TEST_ROLES_PATH } from '../support/stack.ts';
import { expect, type Accounts, type TestUser } from '../support/test.ts';

/** Gives the account of `email` a role (written to the audit log as the command line). */
export async function grantRole(api: APIRequestContext, email: string, role: Role) {
  const response = await api.put(`${TEST_ROLES_PATH}/${encodeURIComponent(email)}`, {
    data: { role },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `page`'s browser context up as a new account with `role`; the page then opens `/`
 * so the header reads the session (and its role) again.
 */
export async function signInOperator(
  accounts: Accounts,
  page: Page,
  role: Role,
  prefix: string = role,
): Promise<TestUser> {
  const user = await accounts.signInPage(prefix, page);
  await grantRole(page.request, user.email, role);
  return user;
}

/** The id of the signed-in user of `api`. */
export async function userId(api: APIRequestContext): Promise<string> {
  const response = await api.get('/api/auth/get-session');
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Reports a thing as the signed-in user of `api`. */
export async function report(
  api: APIRequestContext,
  baseURL: string,
  targetType: string,
  targetId: string,
  category: RuleId,
  comment = '',
) {
  const response = await api.post('/api/reports', {
    data: { targetType, targetId, category, comment },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The open queue item about something `authorName` wrote. */
export function queueItem(page: Page, authorName: string) {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: authorName }) });
}

/** Fills the login form and presses Login. */
export async function fillLogin(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
