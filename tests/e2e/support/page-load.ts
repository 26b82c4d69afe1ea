/**
 * What a page load looked like, read in the page itself: the theme it painted in, any change
 * of theme after the first paint (a flash), and its cumulative layout shift. Console warnings
 * are collected too (errors already fail a test through its page guard).
 */
import type { Page } from '@playwright/test';

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
