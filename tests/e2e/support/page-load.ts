/**
 * What a page load looked like, read in the page itself: the theme it painted in, any change
 * of theme after the first paint (a flash), and its cumulative layout shift. Console warnings
 * are collected too (errors already fail a test through its page guard).
 */
import { expect, type Page, type Request } from '@playwright/test';

export interface PageLoad {
  /** The theme on the root element now. */
  theme: string | null;
  /** Theme changes made after something was painted: each `old → new`. */
  changedAfterPaint: string[];
  /** Layout shift not caused by input, summed over the load (Lighthouse's CLS). */
  layoutShift: number;
}

declare global {
  interface Window {
    __pageLoad?: { changedAfterPaint: string[]; layoutShift: number };
  }
}

/** Stores `theme` as the visitor's choice before every load of `page`, and watches each load. */
export async function watchPageLoad(page: Page, theme: 'light' | 'dark') {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.addInitScript((stored) => {
    window.localStorage.setItem('theme', stored);
    const seen = { changedAfterPaint: [] as string[], layoutShift: 0 };
    window.__pageLoad = seen;
    new MutationObserver((records) => {
      const painted = performance.getEntriesByType('paint').length > 0;
      for (const record of records) {
        const now = document.documentElement.getAttribute('data-theme');
        if (painted && record.oldValue !== now)
          seen.changedAfterPaint.push(`${record.oldValue} → ${now}`);
      }
    }).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
      attributeOldValue: true,
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) seen.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, theme);
  return {
    read: () =>
      page.evaluate((): PageLoad => ({
        theme: document.documentElement.getAttribute('data-theme'),
        changedAfterPaint: window.__pageLoad?.changedAfterPaint ?? [],
        layoutShift: window.__pageLoad?.layoutShift ?? 0,
      })),
    warnings: () => warnings,
  };
}

/**
 * Waits until the app has taken over the page: a server-written screen is marked until it is
 * hydrated (the app starts after the screen's first paint); a screen the browser writes has
 * no mark.
 */
export function appStarted(page: Page) {
  return page.waitForFunction(() => document.querySelector('#root[data-hydrating]') === null);
}

/**
 * Holds the app's scripts (the built `/assets/*.js`) until `release()`: a server-written
 * screen stays the browser's own meanwhile, as on a slow network.
 */
export async function holdAppScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Watches `page` from now; `settled()` resolves once the app has started and then no request
 * (an event stream apart) has been in flight for `quietMs`. Unlike the `networkidle` load
 * state, which a written screen can reach before its first paint starts the app.
 */
export function watchRequests(page: Page, quietMs = 500) {
  const open = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    open.add(request);
    changed = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      await appStarted(page);
      await expect
        .poll(() => open.size === 0 && Date.now() - changed >= quietMs, { timeout: 20_000 })
        .toBe(true);
    },
  };
}
