import { SITE_NAME } from '../../../shared/pages/site.ts';
import { escapeHtml } from './escape.ts';
import type { PageAnswer, PageHead } from './pages.ts';
import type { RenderedScreen } from './render.ts';

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/i;
const ROOT = '<div id="root"></div>';

/** The head tags of a page: its title, description, address and Open Graph card. */
function headTags(head: PageHead, baseUrl: string): string {
  const url = head.canonical === undefined ? undefined : absolute(baseUrl, head.canonical);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    url ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    url ? meta('property', 'og:url', url) : '',
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:site_name', SITE_NAME),
  ];
  return tags.filter(Boolean).join('\n    ');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** A path from the site's root under BASE_URL (which may itself end in a path). */
export const absolute = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/**
 * The built `index.html` as a template: each page gets its own head in place of the
 * template's title and description, and its `<noscript>` body after the app's root element.
 * A page nobody declared keeps the template's head and is marked `noindex`.
 */
export function createShell(html: string, baseUrl: string, renderedHtml = html) {
  const shell = splitAtHead(html);
  const rendered = splitAtHead(renderedHtml);
  const unknown = html.replace(TITLE, (tag) => `${tag}\n    ${meta('name', 'robots', 'noindex')}`);

  return {
    /** The built page as it is, for when a page's head could not be made. */
    template: html,
    /**
     * The page for `answer`; a path no page declares gets the template marked `noindex`.
     * With its `screen` rendered, the root element holds it, marked as not yet hydrated (its
     * buttons wait for the app: styles.css, main.tsx), followed by its data block, and
     * `<noscript>` keeps only the page's note.
     */
    render(
      answer: PageAnswer | undefined,
      declared = answer !== undefined,
      screen?: RenderedScreen,
    ): string {
      if (!answer) return declared ? html : unknown;
      const { before, after } = screen ? rendered : shell;
      const page = `${before}${headTags(answer.head, baseUrl)}${after}`;
      const root = screen
        ? `<div id="root" data-hydrating>${screen.html}</div>${screen.data}`
        : ROOT;
      const gist = screen ? '' : (answer.noscript ?? '');
      const text = gist + (answer.noscriptNote ?? '');
      const body = text ? `\n    <noscript>${text}</noscript>` : '';
      return page.includes(ROOT)
        ? page.replace(ROOT, () => `${root}${body}`)
        : page.replace('</body>', () => `${body}</body>`);
    },
  };
}

/** A template cut where a page's head goes: where its title was (else just before `</head>`). */
function splitAtHead(html: string) {
  const withoutDescription = html.replace(DESCRIPTION, '');
  const title = TITLE.exec(withoutDescription);
  const at = title ? title.index : withoutDescription.indexOf('</head>');
  const end = title ? title.index + title[0].length : at;
  return {
    before: at < 0 ? '' : withoutDescription.slice(0, at),
    after: at < 0 ? withoutDescription : withoutDescription.slice(end),
  };
}
