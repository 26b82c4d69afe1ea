/**
 * The one error shape of the API, for the server that sends it and the browser that reads
 * it: every non-2xx answer is JSON `ErrorBody`. Types only (no zod), so the browser bundle
 * stays small; the OpenAPI schema in `server/openapi/schemas.ts` is checked against it.
 */

/** One field that failed validation: its dotted path (`body.amount`) and what is wrong. */
export interface ErrorIssue {
  path: string;
  message: string;
}

export interface ErrorBody {
  /** A sentence a person can act on. */
  message: string;
  /** A stable code for programs (`NOT_FOUND`, `BIDDING_CLOSED`, …). */
  code?: string;
  /** Field-level problems of a 400. */
  issues?: ErrorIssue[];
}
