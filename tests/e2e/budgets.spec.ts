/**
 * Byte budgets of what a browser really loads : every JavaScript and CSS response
 * of a page, and the styles and scripts written into its document, from a cold cache, gzipped here at level 9 (the served Content-Encoding does
 * not matter: the figure is the same whichever server sends it). Budgets in KB of gzip:
 * home page JavaScript ≤ 130, any other page ≤ 150, CSS ≤ 25 on every page.
 */
import type { Browser, BrowserContextOptions, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';
import { watchRequests } from './support/page-load.ts';
import { uniqueUser } from './support/test.ts';

const KB = 1024;
const BUDGET = { homeJs: 130 * KB, otherJs: 150 * KB, css: 25 * KB };

interface Weight {
  page: string;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssFiles: number;
  cssRaw: number;
  cssGzip: number;
}

/** Opens `path` in a fresh context (cold cache) and sums the JS and CSS it loaded. */
async function weigh(
  browser: Browser,
  baseURL: string,
  label: string,
  path: string,
  options: BrowserContextOptions = {},
): Promise<Weight> {
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  type File = { kind: 'js' | 'css'; raw: number; gzip: number } | null;
  const pending: Promise<File | File[]>[] = [];
  const weighed = (kind: 'js' | 'css', body: Buffer) =>
    ({ kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }) as const;
  const measure = async (response: Response) => {
    const type = response.request().resourceType();
    if (type === 'document') {
      // The stylesheet and theme script the server writes into the page count as loaded.
      const html = await response.text();
      const inline = (pattern: RegExp) =>
        Buffer.from([...html.matchAll(pattern)].map((m) => m[1]).join(''));
      const css = inline(/<style>([\s\S]*?)<\/style>/g);
      const js = inline(/<script>([\s\S]*?)<\/script>/g);
      return [css.length ? weighed('css', css) : null, js.length ? weighed('js', js) : null];
    }
    if (type !== 'script' && type !== 'stylesheet') return null;
    return weighed(type === 'script' ? 'js' : 'css', await response.body());
  };
  page.on('response', (response) => pending.push(measure(response)));
  const requests = watchRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await requests.settled();
  const files = (await Promise.all(pending)).flat().filter((f) => f !== null);
  await context.close();
  const of = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind);
  const sum = (list: typeof files, key: 'raw' | 'gzip') => list.reduce((n, f) => n + f[key], 0);
  return {
    page: label,
    jsFiles: of('js').length,
    jsRaw: sum(of('js'), 'raw'),
    jsGzip: sum(of('js'), 'gzip'),
    cssFiles: of('css').length,
    cssRaw: sum(of('css'), 'raw'),
    cssGzip: sum(of('css'), 'gzip'),
  };
}

function table(rows: Weight[]): string {
  const kb = (n: number) => (n / KB).toFixed(1).padStart(7);
  const head = `${'page'.padEnd(16)} ${'JS files'.padStart(8)} ${'JS raw'.padStart(7)} ${'JS gz'.padStart(7)} ${'budget'.padStart(7)} ${'CSS raw'.padStart(7)} ${'CSS gz'.padStart(7)} ${'budget'.padStart(7)}`;
  const lines = rows.map((r) => {
    const jsBudget = r.page === '/' ? BUDGET.homeJs : BUDGET.otherJs;
    return `${r.page.padEnd(16)} ${String(r.jsFiles).padStart(8)} ${kb(r.jsRaw)} ${kb(r.jsGzip)} ${kb(jsBudget)} ${kb(r.cssRaw)} ${kb(r.cssGzip)} ${kb(BUDGET.css)}`;
  });
  const home = rows.find((r) => r.page === '/');
  // The home page sits close to its limit: its exact figure, to compare one build with another.
  const exact = home ? [`home page JavaScript: ${home.jsGzip} gzip bytes of ${BUDGET.homeJs}`] : [];
  return ['Bytes loaded per page (KB; gzip -9 of each response):', head, ...lines, ...exact].join(
    '\n',
  );
}

test('JavaScript and CSS each page loads stay within the gzip budgets', async ({
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(120_000);
  const rows: Weight[] = [];
  for (const path of ['/', '/browse-tasks', '/login', '/signup']) {
    rows.push(await weigh(browser, baseURL!, path, path));
  }

  // A signed-in visitor with one task of their own.
  const setup = await browser.newContext({ baseURL: baseURL! });
  const user = accounts.track(uniqueUser('budget'));
  const signUp = await setup.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL! },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  // A sign-up signs nobody in: sign in.
  const signIn = await setup.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const taskId = await createTask(setup.request, baseURL!, { title: `Budget ${uniqueToken()}` });
  const storageState = await setup.storageState();
  await setup.close();
  for (const [label, path] of [
    ['/add-task', '/add-task'],
    ['/my-tasks', '/my-tasks'],
    ['task detail', `/browse-tasks/${taskId}`],
  ] as const) {
    rows.push(await weigh(browser, baseURL!, label, path, { storageState }));
  }

  process.stdout.write(`\n${table(rows)}\n\n`);
  for (const r of rows) {
    const jsBudget = r.page === '/' ? BUDGET.homeJs : BUDGET.otherJs;
    expect.soft(r.jsFiles, `${r.page}: no JavaScript recorded`).toBeGreaterThan(0);
    expect.soft(r.jsGzip, `${r.page}: JavaScript gzip bytes`).toBeLessThanOrEqual(jsBudget);
    expect.soft(r.cssGzip, `${r.page}: CSS gzip bytes`).toBeLessThanOrEqual(BUDGET.css);
  }
});
