import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { AuthMode } from '../auth/route-auth.ts';
import { ERROR_MEANINGS, errorSchema } from './schemas.ts';

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

type Answer = { description?: string };
export type Operation = {
  security?: Record<string, string[]>[];
  responses?: Record<string, Answer>;
};

/** What fastify-swagger writes for an answer whose schema carries no description. */
const UNDESCRIBED = 'Default Response';

/** What an answer with this status means: an error's meaning, else the status's name. */
const meaningOf = (status: string) =>
  ERROR_MEANINGS[Number(status) as keyof typeof ERROR_MEANINGS] ??
  STATUS_CODES[status] ??
  UNDESCRIBED;

/**
 * Completes an operation's answers. Adds the error answers every operation of its kind can
 * give: 400 (each route refuses input it cannot validate or store, see http/text-input.ts)
 * and, where the session is required, 401. Then says what each answer means where its schema
 * did not. Run after `security` is set.
 */
export function completeResponses(operation: Operation): void {
  const responses = (operation.responses ??= {});
  responses['400'] ??= errorResponse(ERROR_MEANINGS[400]);
  const sessionRequired =
    operation.security?.length === 1 && SESSION_SCHEME in operation.security[0]!;
  if (sessionRequired) responses['401'] ??= errorResponse(ERROR_MEANINGS[401]);
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === UNDESCRIBED) response.description = meaningOf(status);
  }
}
