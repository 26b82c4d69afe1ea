import { z } from 'zod';
import type { ErrorBody } from '../../../shared/errors.ts';

/** The one error shape of the API (`shared/errors.ts`, sent by http/error-handler.ts). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}) satisfies z.ZodType<ErrorBody>;

/** What each error status means, as the document describes it (openapi/operations.ts). */
export const ERROR_MEANINGS = {
  400: 'The input is invalid (`issues` names each field that is), or holds a character that cannot be stored (NUL or a broken surrogate pair).',
  401: 'Not signed in.',
  402: 'The payment did not go through (the card was declined).',
  403: 'Signed in, but not allowed to do this.',
  404: 'Not found.',
  409: 'Not possible in the current state (`message` says why, `code` names it).',
  413: 'The request body is too large (`message` says the limit).',
  415: 'The request body is not of a type this route takes.',
  429: 'Too many requests: wait, then try again.',
  503: 'A service this needs (the payment processor) did not answer: try again shortly.',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * The refusals a route or its repository decides, for the OpenAPI document and the serializer. The 400
 * and 401 every route can give are the document's to add (operations.ts).
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as {
    [K in S[number]]: typeof errorSchema;
  };
}
