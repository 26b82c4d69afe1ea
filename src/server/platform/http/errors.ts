import type { ErrorIssue } from '../../../shared/errors.ts';

/** An error the client is meant to see: its status, sentence and optional stable code. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly issues: ErrorIssue[] | undefined;

  constructor(statusCode: number, message: string, code?: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.issues = issues;
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', issues?: ErrorIssue[]) =>
  new HttpError(400, message, code, issues);
/**
 * A 400 in the shape a failed schema check has (`VALIDATION_FAILED`, each issue's path from
 * its part of the request, `body.deadline`), for the checks a schema cannot make.
 */
export const invalidInput = (part: string, issues: ErrorIssue[]) =>
  badRequest(
    `Invalid ${part}: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
    'VALIDATION_FAILED',
    issues,
  );
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string) => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
/** The answer for an address that is no endpoint (or one the caller must not know of). */
export const noSuchEndpoint = (method: string, url: string) =>
  notFound(`No such endpoint: ${method} ${url.split('?')[0] ?? ''}`);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
