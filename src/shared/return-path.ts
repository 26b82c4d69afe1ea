/** Control characters (which URL parsers drop or choke on) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/** Starts with one `/` and holds nothing a URL parser drops or reads as a slash. */
const isPlainPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);

/**
 * The same-site path to go back to after signing in, or null when `returnTo` could lead
 * anywhere else. It must start with one `/`, hold no control character or backslash, and
 * parse, against the site's own address, to that same origin. What comes back is the parsed
 * path, query and fragment, and that is checked the same way: dot segments collapse while
 * parsing (`/.//evil.example` becomes `//evil.example`, another host to a browser).
 */
export function sameSitePath(returnTo: string, siteOrigin: string): string | null {
  if (!isPlainPath(returnTo)) return null;
  const origin = new URL(siteOrigin).origin;
  let url: URL;
  try {
    url = new URL(returnTo, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlainPath(path) || new URL(path, siteOrigin).origin !== origin) return null;
  return path;
}
