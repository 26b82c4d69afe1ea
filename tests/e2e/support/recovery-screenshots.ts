/**
 * Screenshots of the account recovery and verification screens, the verification banner and
 * the HTML of every mail the app sends, at 375 and 1280 px, light and dark, into
 * screenshots/recovery/ (git-ignored; `SHOT_DIR` elsewhere). Run with Node 24:
 *   node_modules/.bin/node tests/e2e/support/recovery-screenshots.ts [name-filter]
 * Mails are rendered by the server's own templates and shown in the browser with the
 * colour scheme of the shot, as a mail app that honours it would.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderMail, type StoredMail } from '../../../src/server/platform/mail/render-mail.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';
import { startStack, TEST_MAIL_PATH } from './stack.ts';

const OUT = resolve(
  process.env.SHOT_DIR ?? join(import.meta.dirname, '../../../screenshots/recovery'),
);
const WIDTHS = [375, 1280];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Account {
  email: string;
  password: string;
}

interface Shot {
  name: string;
  /** Signed in as a new, unverified account (the banner shows). */
  signedIn?: boolean;
  fullPage?: boolean;
  /** Opens the page and brings it to the state to show. */
  run: (page: Page, account: Account) => Promise<void>;
}

let baseURL = '';

async function api(path: string, body: unknown) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** A fresh reset link for `email`, as the mail carries it. */
async function resetLink(email: string): Promise<string> {
  const before = await mailCount(email);
  await api('/auth/request-password-reset', { email });
  for (let i = 0; i < 200; i++) {
    const mails = (await (
      await fetch(`${baseURL}${TEST_MAIL_PATH}/${encodeURIComponent(email)}`)
    ).json()) as { subject: string; links: string[] }[];
    const reset = mails.filter((m) => m.subject === 'Reset your TaskBid password');
    if (mails.length > before && reset.length > 0)
      return reset.at(-1)!.links.find((l) => l.includes('/api/auth/reset-password/'))!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail for ${email}`);
}

async function mailCount(email: string): Promise<number> {
  const response = await fetch(`${baseURL}${TEST_MAIL_PATH}/${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

const SCREENS: Shot[] = [
  {
    name: 'login',
    run: async (page) => {
      await page.goto('/login');
      await heading(page, 'Welcome back');
    },
  },
  {
    name: 'forgot-password',
    run: async (page) => {
      await page.goto('/forgot-password');
      await heading(page, 'Forgot your password?');
    },
  },
  {
    name: 'forgot-password-sent',
    run: async (page) => {
      await page.goto('/forgot-password');
      await page
        .getByRole('main')
        .getByRole('textbox', { name: 'Email' })
        .fill('someone@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText("If an account exists for that e-mail, we've sent").waitFor();
    },
  },
  {
    name: 'reset-password',
    run: async (page) => {
      await page.goto('/reset-password?token=unchecked');
      await heading(page, 'Choose a new password');
    },
  },
  {
    name: 'reset-password-errors',
    run: async (page) => {
      await page.goto('/reset-password?token=unchecked');
      await page.getByLabel('New password', { exact: true }).fill('one-password');
      await page.getByLabel('Confirm password', { exact: true }).fill('another-password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Confirm password does not match').waitFor();
    },
  },
  {
    name: 'reset-password-weak',
    run: async (page, account) => {
      await page.goto(await resetLink(account.email));
      for (const label of ['New password', 'Confirm password'])
        await page.getByLabel(label, { exact: true }).fill('password123');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('This password is too easy to guess').first().waitFor();
    },
  },
  {
    name: 'reset-password-done',
    run: async (page, account) => {
      await page.goto(await resetLink(account.email));
      for (const label of ['New password', 'Confirm password'])
        await page.getByLabel(label, { exact: true }).fill(`${account.password}-new`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await heading(page, 'Your password has been reset');
    },
  },
  {
    name: 'reset-link-expired',
    run: async (page) => {
      await page.goto('/reset-password?error=TOKEN_EXPIRED');
      await heading(page, 'This reset link has expired');
    },
  },
  {
    name: 'reset-link-invalid',
    run: async (page) => {
      await page.goto('/reset-password?error=INVALID_TOKEN');
      await heading(page, 'This reset link is not valid');
    },
  },
  {
    name: 'email-verified',
    signedIn: true,
    run: async (page) => {
      await page.goto('/email-verified');
      await heading(page, 'Your e-mail address is verified');
    },
  },
  {
    name: 'verify-link-expired-signed-in',
    signedIn: true,
    run: async (page) => {
      await page.goto('/email-verified?error=TOKEN_EXPIRED');
      await page.getByRole('main').getByRole('button', { name: 'Resend e-mail' }).click();
      await page.getByRole('main').getByText("We've sent a new link").waitFor();
    },
  },
  {
    name: 'verify-link-used-signed-out',
    run: async (page) => {
      await page.goto('/email-verified?error=TOKEN_USED');
      await heading(page, 'This verification link was already used');
    },
  },
  {
    name: 'verify-banner',
    signedIn: true,
    fullPage: false,
    run: async (page) => {
      await page.goto('/browse-tasks');
      await page.getByText('Please verify your e-mail address').waitFor();
    },
  },
  {
    name: 'verify-banner-sent',
    signedIn: true,
    fullPage: false,
    run: async (page) => {
      await page.goto('/browse-tasks');
      const banner = page.getByRole('region', { name: 'E-mail verification' });
      await banner.getByRole('button', { name: 'Resend e-mail' }).click();
      await banner.getByText("We've sent a new link").waitFor();
    },
  },
];

const NOW = '2026-11-23T09:30:00.000Z';
const MAILS: StoredMail[] = [
  ['verify-email', { name: 'Alex Morgan', email: 'alex@example.com', url: 'https://x/verify' }],
  ['confirm-new-email', { name: 'Alex Morgan', newEmail: 'alex@new.example', url: 'https://x/c' }],
  ['email-changed', { name: 'Alex Morgan', newEmail: 'alex@new.example', changedAt: NOW }],
  ['reset-password', { name: 'Alex Morgan', url: 'https://x/reset' }],
  ['password-changed', { name: 'Alex Morgan', changedAt: NOW }],
  ['account-deleted', { name: 'Alex Morgan' }],
].map(([kind, payload]) => ({
  kind: kind as string,
  recipient: 'alex@example.com',
  payload,
  userId: null,
}));
MAILS.push(
  {
    kind: 'notification',
    recipient: 'alex@example.com',
    userId: 'u1',
    payload: {
      type: 'bid.accepted',
      title: 'Your bid was accepted',
      body: 'Ava Lee accepted your bid of $450.00 on “Design a logo for a bakery”.',
      taskId: 't1',
    },
  },
  {
    kind: 'new-bids',
    recipient: 'alex@example.com',
    userId: 'u1',
    payload: {
      type: 'bid.received',
      taskId: 't1',
      taskTitle: 'Design a logo for a bakery',
      bids: [
        { name: 'Ben Ortiz', amount: 420, message: 'I have designed logos for three cafés.' },
        { name: 'Chloé Martin', amount: 480, message: null },
      ],
    },
  },
);

async function shoot(browser: Browser, width: number, theme: Theme, account: Account, shot: Shot) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 640 ? 812 : 900 },
    reducedMotion: 'reduce',
    colorScheme: theme,
  });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[pageerror] ${shot.name}: ${e.message}`));
  if (shot.signedIn) {
    const res = await page.request.post('/api/auth/sign-in/email', {
      data: account,
      headers: { origin: baseURL },
    });
    if (!res.ok()) throw new Error(`sign-in ${res.status()}`);
  }
  await shot.run(page, account);
  await page.waitForTimeout(300);
  await page.screenshot({
    path: join(OUT, `${shot.name}-${width}-${theme}.png`),
    fullPage: shot.fullPage ?? true,
  });
  await context.close();
}

async function main() {
  const filter = process.argv[2];
  mkdirSync(OUT, { recursive: true });
  const stack = await startStack();
  baseURL = stack.baseURL;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        for (const shot of SCREENS.filter((s) => !filter || s.name.includes(filter))) {
          // A new account each time: a reset signs its sessions out, a resend counts.
          const account = {
            email: `shots-${crypto.randomUUID()}@example.com`,
            password: `pw-${crypto.randomUUID()}`,
          };
          await api('/auth/sign-up/email', { name: 'Alex Morgan', ...account });
          await shoot(browser, width, theme, account, shot);
        }
        for (const mail of MAILS.filter((m) => !filter || `mail-${m.kind}`.includes(filter))) {
          const { html } = renderMail(mail, {
            baseUrl: 'https://taskbid.example',
            secret: 'x'.repeat(32),
          });
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            colorScheme: theme,
          });
          const page = await context.newPage();
          await page.setContent(html);
          await page.screenshot({
            path: join(OUT, `mail-${mail.kind}-${width}-${theme}.png`),
            fullPage: true,
          });
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
