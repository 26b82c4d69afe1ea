import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorIssue } from '../../../shared/errors.ts';
import { HttpError, invalidInput } from './errors.ts';
import { sendOverloaded } from './overload.ts';

/** Fastify's own client errors, as sentences a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * The one place errors become responses: every answer is JSON `{ message, code?, issues? }`.
 * Client errors keep their status and say what to fix; anything else is logged with its
 * request id and answered with a generic 5xx that never leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>(async (error, request, reply) => {
    const known = hasZodFastifySchemaValidationErrors(error)
      ? invalidInput(
          error.validationContext ?? 'request',
          error.validation.map((v): ErrorIssue => ({
            path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
            message: v.message ?? 'is invalid',
          })),
        )
      : error;
    if (known instanceof HttpError) {
      return reply.status(known.statusCode).send({
        message: known.message,
        ...(known.code ? { code: known.code } : {}),
        ...(known.issues ? { issues: known.issues } : {}),
      } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ message, code: error.code } satisfies ErrorBody);
    }
    // Every connection busy and still a queue: waiting for one timed out because of load.
    const pool = app.database.pressure();
    if (isPoolWait(error) && pool && pool.busy >= pool.size) {
      request.log.warn({ waiting: pool.waiting }, 'overloaded (pool): no connection within 1.5 s');
      return sendOverloaded(reply);
    }
    const unavailable = isDatabaseUnavailable(error) || !(await databaseAnswers(app));
    request.log.error({ err: error }, unavailable ? 'database unavailable' : 'unhandled error');
    return reply.status(unavailable ? 503 : 500).send({
      message: unavailable
        ? 'TaskBid is temporarily unavailable. Please try again in a moment.'
        : 'Something went wrong on our side. Please try again.',
      code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
    } satisfies ErrorBody);
  });
}

/** Whether the database answers within half a second (a 5xx during an outage is a 503). */
async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    app.database.ping().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), 500);
    }),
  ]);
  clearTimeout(timer);
  return answered;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** The pool gave no connection in time (pg-pool's own error). */
function isPoolWait(error: unknown): boolean {
  for (
    let e = error as { message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.message && /timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code && CONNECTION_CODES.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)
    )
      return true;
  }
  return false;
}
