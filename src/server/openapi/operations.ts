import { z } from 'zod';
import type { AuthMode } from '../auth/route-auth.ts';
import { errorSchema } from './schemas.ts';

/** The one security scheme: better-auth's session cookie (httpOnly, sent by the browser). */
export const SESSION_SCHEME = 'session';

/** An OpenAPI security requirement list for an auth mode (`[]`: no session is read). */
export function securityFor(mode: AuthMode | undefined): Record<string, string[]>[] {
  switch (mode) {
    case 'public':
      return [];
    case 'user':
      return [{ [SESSION_SCHEME]: [] }];
    // Served with or without a session (the empty requirement is "anonymous").
    case 'optional':
    case 'delegated':
      return [{}, { [SESSION_SCHEME]: [] }];
    default:
      throw new Error(`no auth mode to describe: ${String(mode)}`);
  }
}

/**
 * The operation's name when it declares none: the method, then the path after /api in
 * words, a parameter as "By<Name>" (`POST /api/tasks/:id/complete` → `postTasksByIdComplete`).
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment)?.[1];
      return param ? ['by', param] : segment.split(/[-_.]/);
    })
    .filter((word) => word.length > 0);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return method.toLowerCase() + words.map(capital).join('');
}

/** The error shape as JSON Schema, as the routes' own error answers show it. */
export const errorJsonSchema: Record<string, unknown> = z.toJSONSchema(errorSchema);
delete errorJsonSchema.$schema;

/** What an error answer looks like in the document. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorJsonSchema } } };
}

/**
 * Every route refuses a text input it cannot store (a NUL, a broken surrogate pair) with 400
 * (http/text-input.ts): the 4xx of an operation that declares no other.
 */
export const TEXT_REFUSED = errorResponse(
  'A path, query or body value holds a character that cannot be stored (NUL or a broken surrogate pair).',
);

type Operation = { responses?: Record<string, unknown> };

/** Gives each operation without a 4xx answer the one every route can give. */
export function withClientError(operation: Operation): void {
  const responses = (operation.responses ??= {});
  if (!Object.keys(responses).some((status) => /^4/.test(status))) responses['400'] = TEXT_REFUSED;
}
