import { z } from 'zod';
import type { ErrorBody } from '../../shared/errors.ts';

/** The one error shape of the API (`shared/errors.ts`, sent by http/error-handler.ts). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}) satisfies z.ZodType<ErrorBody>;

/** Error answers of a route, for the OpenAPI document and the serializer. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as {
    [K in S[number]]: typeof errorSchema;
  };
}
