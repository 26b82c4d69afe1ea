import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** `scheme://authority` at the start of an absolute-form request target. */
const ABSOLUTE_FORM = /^([a-z][a-z0-9+.-]*):\/\/[^/?#]*/i;
/** A percent-encoded unreserved character (a letter, digit, `-`, `.`, `_` or `~`). */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;

/** Requests whose target is not in its plain form, and why (kept until the first hook). */
const refused = new WeakMap<IncomingMessage, string>();

/**
 * What is wrong with an origin-form target (`/path?query`), if anything. The plain form is
 * the only form the routes, the guards and better-auth can all read the same way: no dot
 * segments (`/./`, `/x/../`, `%2e`), no fragment, no encoded letters or digits, no
 * backslashes. Browsers never send anything else.
 */
export function pathProblem(target: string): string | undefined {
  if (target.includes('#')) return 'a fragment (#)';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (path.includes('\\')) return 'a backslash';
  if (ENCODED_UNRESERVED.test(path)) return 'a percent-encoded letter, digit or symbol';
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'a "." or ".." segment';
  return undefined;
}

/**
 * Fastify's `rewriteUrl`: runs once per request, before routing. An absolute-form target
 * (`http://host/api/…`, which HTTP/1.1 servers must accept) becomes its origin-form path,
 * so everything after sees one spelling; a target that is not plain is remembered and
 * refused by the first hook.
 */
export function plainRequestTarget(req: IncomingMessage): string {
  const raw = req.url ?? '/';
  let target = raw;
  const absolute = ABSOLUTE_FORM.exec(raw);
  if (absolute) {
    const scheme = absolute[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      refused.set(req, `the scheme ${scheme}:`);
      return '/';
    }
    target = raw.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  const problem = target.startsWith('/') ? pathProblem(target) : undefined;
  if (problem) refused.set(req, problem);
  return target;
}

/** The first hook of all: a request whose target was not plain is answered 400 here. */
export function registerPlainPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const problem = refused.get(request.raw);
    if (problem === undefined) return;
    throw badRequest(
      `The request path has ${problem}. Send the plain path, such as /api/tasks.`,
      'NON_CANONICAL_PATH',
    );
  });
}
