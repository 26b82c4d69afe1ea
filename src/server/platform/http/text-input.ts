import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Strings PostgreSQL cannot store as text (NUL) or that are not Unicode (lone surrogates). */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * The path (`body.title`, `query.search`) of the first string in `value` that cannot be
 * stored, keys included. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableText(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorable(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorable(key)) return path;
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** A raw body (the accounts endpoints get bytes) as JSON, when it is JSON. */
function asJson(body: unknown): unknown {
  if (!(body instanceof Buffer)) return body;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Every text input, on every route (body, query string, path parameters): a NUL or a lone
 * surrogate half is refused with 400 before any handler or database sees it.
 */
export function registerTextChecks(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const path =
      unstorableText(request.params, 'params') ??
      unstorableText(request.query, 'query') ??
      unstorableText(asJson(request.body), 'body');
    if (path === undefined) return;
    const message = 'contains a character that is not allowed (NUL or a broken surrogate pair)';
    throw badRequest(`${path} ${message}.`, 'INVALID_CHARACTER', [{ path, message }]);
  });
}
