import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built page's stylesheet, as Vite writes it into the head. */
const STYLESHEET = /<link\s+rel="stylesheet"[^>]*?\shref="(\/assets\/[^"]+\.css)"[^>]*>/;
/** The theme script that must run before the first paint (public/theme-init.js). */
const THEME_SCRIPT = /<script\s+src="(\/theme-init\.js)"><\/script>/;
/** The app's entry module and the chunks it imports, as Vite writes them into the head. */
const APP_ENTRY = /<script\s+type="module"[^>]*?\ssrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const APP_CHUNK = /\s*<link\s+rel="modulepreload"[^>]*?\shref="(\/assets\/[^"]+\.js)"[^>]*>/g;

/** A CSP source that allows exactly this inline `<script>` or `<style>` text. */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface FirstPaint {
  /** The built `index.html` with its stylesheet and theme script written in place. */
  html: string;
  /**
   * The same for a page whose screen the server wrote: the app's scripts are asked for only
   * once that screen has been painted (`startAfterFirstPaint`).
   */
  renderedHtml: string;
  /** The CSP sources for what was written in (empty when nothing was). */
  scriptSources: string[];
  styleSources: string[];
}

/**
 * What the first paint waits for, written into the page instead of fetched: the stylesheet
 * and the theme script. Under a slow network each was a round trip before anything showed
 * (decision 0537). Each is allowed by the hash of its text (not a nonce: a page's bytes stay
 * the same for every visitor, so it can be kept and revalidated by its tag). A file that is
 * not in the build, or could close its element early, stays a link.
 */
export function inlineFirstPaint(html: string, staticDir: string): FirstPaint {
  const read = (path: string, closing: string) => {
    const file = join(staticDir, path);
    if (!existsSync(file)) return undefined;
    const text = readFileSync(file, 'utf8');
    return text.toLowerCase().includes(closing) ? undefined : text;
  };
  let page = html;
  const scriptSources: string[] = [];
  const styleSources: string[] = [];
  const script = THEME_SCRIPT.exec(page);
  const theme = script ? read(script[1]!, '</script') : undefined;
  if (script && theme !== undefined) {
    page = page.replace(script[0], () => `<script>${theme}</script>`);
    scriptSources.push(cspHash(theme));
  }
  const link = STYLESHEET.exec(page);
  const css = link ? read(link[1]!, '</style') : undefined;
  if (link && css !== undefined) {
    page = page.replace(link[0], () => `<style>${css}</style>`);
    styleSources.push(cspHash(css));
  }
  let rendered = page;
  const entry = APP_ENTRY.exec(page);
  if (entry) {
    const chunks = [...page.matchAll(APP_CHUNK)].map((match) => match[1]!);
    const starter = startAfterFirstPaint(entry[1]!, chunks);
    rendered = page.replace(APP_CHUNK, '').replace(APP_ENTRY, () => `<script>${starter}</script>`);
    scriptSources.push(cspHash(starter));
  }
  return { html: page, renderedHtml: rendered, scriptSources, styleSources };
}

/** How long a written screen waits at most for its first paint to be reported. */
export const APP_START_LATEST_MS = 3_000;

/**
 * The script that starts the app on a page whose screen the server wrote, in place of the
 * entry's `<script type="module">` and its chunks' `modulepreload` links: it adds the same
 * tags, at low priority, once the browser reports the screen's first contentful paint (at
 * once where paint timing is missing; after APP_START_LATEST_MS if no paint is reported,
 * as in a tab opened in the background). On a slow network the app's scripts then never
 * share the line with the document itself, so the written screen shows as soon as it has
 * arrived; its buttons wait for the app as before (decision 0546).
 */
export function startAfterFirstPaint(entry: string, chunks: readonly string[]): string {
  return [
    '(function () {',
    '  var started = false;',
    '  function add(tag, attributes) {',
    '    var element = document.createElement(tag);',
    "    element.crossOrigin = '';",
    "    element.fetchPriority = 'low';",
    '    for (var name in attributes) element[name] = attributes[name];',
    '    document.head.appendChild(element);',
    '  }',
    '  function start() {',
    '    if (started) return;',
    '    started = true;',
    `    ${JSON.stringify(chunks)}.forEach(function (href) {`,
    "      add('link', { rel: 'modulepreload', href: href });",
    '    });',
    `    add('script', { type: 'module', src: ${JSON.stringify(entry)} });`,
    '  }',
    '  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;',
    "  if (!types || types.indexOf('paint') < 0) return start();",
    '  new PerformanceObserver(function (list, observer) {',
    "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
    '    observer.disconnect();',
    '    start();',
    "  }).observe({ type: 'paint', buffered: true });",
    `  setTimeout(start, ${APP_START_LATEST_MS});`,
    '})();',
  ].join('\n');
}

/** The same, from the build in `staticDir` (none without a built `index.html`). */
export function builtFirstPaint(staticDir: string): FirstPaint | undefined {
  const index = join(staticDir, 'index.html');
  if (!existsSync(index)) return undefined;
  return inlineFirstPaint(readFileSync(index, 'utf8'), staticDir);
}
