import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COOKIES_PAGE,
  HOW_IT_WORKS_PAGE,
  INSTALL_PAGE,
  PRICING_PAGE,
  PRIVACY_PAGE,
  TERMS_PAGE,
} from '../../../shared/pages/content.ts';
import { LOGIN_PAGE, SIGNUP_PAGE } from '../../../shared/pages/sign-in.ts';
import type { ContentPageText, PageText } from '../../../shared/pages/site.ts';
import { escapeHtml } from './escape.ts';

/** What the server writes into the page's head for search engines and link previews. */
export interface PageHead extends PageText {
  /** The page's one address (path and query, from the site's root); none when not indexed. */
  canonical?: string;
  /** Kept out of search results: pages behind sign-in, a profile that is not there. */
  noindex?: boolean;
  /** Open Graph's kind of page (`website` unless said). */
  ogType?: 'website' | 'profile';
}

/** A public page's answer: its head, and what a reader without JavaScript sees. */
export interface PageAnswer {
  head: PageHead;
  /**
   * Plain HTML shown inside `<noscript>` when the app's screen is not rendered on the server
   * (escape every value you put in it).
   */
  noscript?: string;
  /** Plain HTML shown inside `<noscript>` even under the rendered screen. */
  noscriptNote?: string;
  /** 404 for a page whose subject is not there (the app still loads and says so). */
  status?: 200 | 404;
}

export interface PageContext {
  app: FastifyInstance;
  request: FastifyRequest;
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
}

/**
 * A page of the client app the server describes before the app runs: `path` is the client
 * route's (`/users/:id`; a `:name` matches one segment).
 */
export interface PublicPage {
  path: string;
  render(context: PageContext): PageAnswer | Promise<PageAnswer>;
}

/** The page of a path and its parameters, or undefined when no page declares it. */
export function matchPage(
  pages: readonly PublicPage[],
  path: string,
): { page: PublicPage; params: Record<string, string> } | undefined {
  const parts = path.split('/');
  for (const page of pages) {
    const pattern = page.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      if (part === '') return false;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false;
      }
    });
    if (matched) return { page, params };
  }
  return undefined;
}

const sortedQuery = (query: string) => {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
};

/**
 * Whether a page was asked for with its canonical query (in any order): only then is its
 * screen rendered on the server. The variants (a browse sort or price filter, tracking
 * parameters) are endless and point search engines to the canonical address; the browser
 * renders them, and the server writes their head and noscript summary as for any page.
 */
export function askedCanonically(answer: PageAnswer | undefined, query: string): boolean {
  const canonical = answer?.head.canonical;
  if (canonical === undefined || answer?.status === 404) return false;
  const at = canonical.indexOf('?');
  return sortedQuery(at < 0 ? '' : canonical.slice(at + 1)) === sortedQuery(query);
}

/** A page's heading and the line under it, as plain HTML for a reader without JavaScript. */
export const headingHtml = (heading: string, intro: string) =>
  `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(intro)}</p>`;

/** What the sign-in screens add without JavaScript: they cannot work without it. */
const NEEDS_SCRIPT = '<p>Signing in needs JavaScript: turn it on to continue.</p>';

/**
 * A page whose text never changes, at its one address: its head, and its heading and intro
 * for a reader without JavaScript (the page's body itself is the app's).
 */
function fixedPage(
  path: string,
  text: ContentPageText,
  { canonical = path, extra = '' }: { canonical?: string; extra?: string } = {},
): PublicPage {
  const { title, description } = text;
  const noscript = headingHtml(text.heading, text.intro) + extra;
  const noscriptNote = extra || undefined;
  return {
    path,
    render: () => ({ head: { title, description, canonical }, noscript, noscriptNote }),
  };
}

/**
 * The pages no feature owns: the content pages and the sign-in screens (home lists tasks, so
 * the tasks feature declares it).
 */
export const SITE_PAGES: readonly PublicPage[] = [
  fixedPage('/how-it-works', HOW_IT_WORKS_PAGE),
  // The first version's spelling of the same page: one address in search results.
  fixedPage('/how-to-works', HOW_IT_WORKS_PAGE, { canonical: '/how-it-works' }),
  fixedPage('/pricing', PRICING_PAGE),
  fixedPage('/privacy-policy', PRIVACY_PAGE),
  fixedPage('/terms', TERMS_PAGE),
  fixedPage('/cookies', COOKIES_PAGE),
  fixedPage('/install', INSTALL_PAGE),
  fixedPage('/login', LOGIN_PAGE, { extra: NEEDS_SCRIPT }),
  fixedPage('/signup', SIGNUP_PAGE, { extra: NEEDS_SCRIPT }),
];

/** The site's own pages in the sitemap (the features add theirs). */
export const SITE_PAGE_PATHS = [
  '/',
  '/how-it-works',
  '/pricing',
  '/privacy-policy',
  '/terms',
  '/cookies',
  '/install',
];
