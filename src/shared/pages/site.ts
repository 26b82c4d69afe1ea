/**
 * What each public screen is called and how it describes itself: the browser's tab title
 * (the screen's `<title>`) and the head the server writes into the page for search engines
 * and link previews (platform/web). One small module per screen (home.ts, content.ts, …), so a
 * screen's chunk carries its own words and no other page's; the server's table of pages
 * (platform/web/pages.ts) gathers them.
 */

export const SITE_NAME = 'TaskBid';

/** A screen's tab title: its own name, then the site's. */
export const pageTitle = (name: string) => `${name} · ${SITE_NAME}`;

export interface PageText {
  /** The tab title, whole. */
  title: string;
  /** One or two sentences for a search result or a link preview. */
  description: string;
}

/** A page's heading and the sentence under it (also its description). */
export interface ContentPageText extends PageText {
  heading: string;
  intro: string;
}

/** A page titled by its heading and described by its intro. */
export function contentPage(heading: string, intro: string): ContentPageText {
  return { heading, intro, title: pageTitle(heading), description: intro };
}
