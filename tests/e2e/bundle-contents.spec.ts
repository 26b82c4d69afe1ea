/**
 * What the built web app must never carry: zod. The client imports the shared schemas
 * (`src/shared/<feature>/schema.ts`) as types only, which ESLint holds by one glob; this
 * reads every script of the build the browser tests run against and looks for zod's own
 * class names, which survive minification as strings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { test as appTest } from './support/test.ts';
import { watchRequests } from './support/page-load.ts';
import { ROOT } from './support/stack.ts';

const ZOD_MARKERS = ['$ZodType', 'ZodError'];

test('the built client carries no zod', () => {
  const assets = join(ROOT, 'dist/client/assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const text = readFileSync(join(assets, name), 'utf8');
    for (const marker of ZOD_MARKERS) expect(text, `${name} holds ${marker}`).not.toContain(marker);
  }
});

/**
 * Stripe.js's loader and Stripe's card form (`@stripe/*`) are a chunk of their own that only
 * the pay screen's chunk and the deal panel's (its price dialog) name, and only in a dynamic
 * import (loaded with PAYMENTS=stripe, when a card is asked for): the entry (index.html's
 * scripts and preloads) and every other screen never load them.
 */
test('Stripe is in a chunk only the pay screen and the price dialog import, lazily', () => {
  const assets = join(ROOT, 'dist/client/assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const text = (name: string) => readFileSync(join(assets, name), 'utf8');
  const stripe = scripts.filter((name) => text(name).includes('https://js.stripe.com'));
  expect(stripe.length).toBeGreaterThan(0);
  const html = readFileSync(join(ROOT, 'dist/client/index.html'), 'utf8');
  for (const chunk of stripe) {
    expect(html, chunk).not.toContain(chunk);
    const importers = scripts.filter((name) => name !== chunk && text(name).includes(chunk));
    expect(importers.length, `who names ${chunk}`).toBeGreaterThan(0);
    for (const name of importers) {
      expect(name, `${chunk} is named by ${name}`).toMatch(/^(deal-pay|task-page)-/);
      // A static import would load it with the pay screen in every payments mode.
      const quoted = `["'\`]\\./${chunk.replaceAll('.', '\\.')}["'\`]`;
      expect(text(name)).not.toMatch(new RegExp(`(from|import)\\s*${quoted}`));
      expect(text(name)).toMatch(new RegExp(`import\\(${quoted}\\)`));
    }
  }
});

/**
 * The password rules and their strength meter (with the short list of common passwords) load
 * with the forms that choose a password only: the home page and the login page never fetch them.
 */
appTest.describe('the password strength meter costs other pages nothing', () => {
  const MARKER = 'motdepasse'; // one of the common passwords on the list

  async function scriptsOf(page: Page, path: string): Promise<string> {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    const requests = watchRequests(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await requests.settled();
    return (await Promise.all(bodies)).join('\n');
  }

  appTest('home and login load no password rules; sign-up does', async ({ browser, baseURL }) => {
    for (const [path, loaded] of [
      ['/', false],
      ['/login', false],
      ['/signup', true],
    ] as const) {
      const context = await browser.newContext({ baseURL });
      const scripts = await scriptsOf(await context.newPage(), path);
      await context.close();
      if (loaded) expect(scripts, path).toContain(MARKER);
      else expect(scripts, path).not.toContain(MARKER);
    }
  });
});

/**
 * Each screen's title and description live in a small module of its own (src/shared/pages/):
 * the home page loads its own words and no other page's, so the table of every page's head
 * (the server's) never lands in the home page's chunks.
 */
appTest("the home page loads no other page's head text", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  });
  const requests = watchRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Get your tasks done by skilled professionals',
  );
  await requests.settled();
  const scripts = (await Promise.all(bodies)).join('\n');
  await context.close();
  expect(scripts).toContain('Get tasks done by skilled professionals');
  for (const other of [
    'Discover Tasks That Match Your Skills', // browse
    'No advertising or tracking cookies', // cookies
    'how you download or delete it yourself', // privacy
    'Sign in to post tasks, place bids', // login
    'track record and reviews on TaskBid', // a profile
  ]) {
    expect(scripts, other).not.toContain(other);
  }
});
