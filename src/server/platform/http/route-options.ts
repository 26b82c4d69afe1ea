import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { AuthMode } from '../auth/route-auth.ts';

/**
 * A route's options in one call: who may call it (`config.auth`, see route-auth.ts) and its
 * OpenAPI tag, summary and schema, e.g.
 * `routeOptions('user', 'tasks', 'Mark my assigned task Completed', { params, response })`.
 * `response` names the success answer and the refusals the route or its repository decides
 * (401 where a session is optional, 403, 404, 409, 429); the document adds the 400 every route
 * can give and, where a session is required, the 401 (openapi/operations.ts). `extra` holds
 * the rare route option beyond these (`attachValidation`, another `config` flag).
 */
export function routeOptions<
  const A extends AuthMode,
  const S extends FastifySchema,
  const E extends { attachValidation?: boolean; config?: Omit<FastifyContextConfig, 'auth'> },
>(auth: A, tag: string, summary: string, schema: S, extra?: E) {
  return {
    ...extra,
    config: { ...extra?.config, auth },
    schema: { tags: [tag], summary, ...schema },
  };
}
