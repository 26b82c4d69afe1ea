import type { FastifySchema } from 'fastify';
import type { AuthMode } from '../auth/route-auth.ts';

/**
 * A route's options in one call: who may call it (`config.auth`, see route-auth.ts) and its
 * OpenAPI tag, summary and schema, e.g.
 * `routeOptions('user', 'tasks', 'Mark my assigned task Completed', { params, response })`.
 */
export function routeOptions<const A extends AuthMode, const S extends FastifySchema>(
  auth: A,
  tag: string,
  summary: string,
  schema: S,
) {
  return { config: { auth }, schema: { tags: [tag], summary, ...schema } };
}
