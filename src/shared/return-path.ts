/** Control characters (which URL parsers drop or choke on) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * The same-site path to go back to after signing in, or null when `returnTo` could lead
 * anywhere else. It must start with one `/`, hold no control character or backslash, and
 * parse, against the site's own address, to that same origin; what comes back is the
 * parsed path, query and fragment, so the browser reads exactly what was checked.
 */
export function sameSitePath(returnTo: string, siteOrigin: string): string | null {
  if (!returnTo.startsWith('/') || returnTo.startsWith('//') || UNSAFE.test(returnTo)) return null;
  let url: URL;
  try {
    url = new URL(returnTo, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
