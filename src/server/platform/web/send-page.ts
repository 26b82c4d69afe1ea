import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { entityTag, matches } from '../http/conditional-get.ts';

/** Below this, compressing costs more than it saves (the JSON answers' threshold too). */
const THRESHOLD = 1024;

/** br or gzip when the request accepts it (a `q=0` refuses), else none. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a page the server wrote: revalidated on every visit (`no-cache`) by its tag, which
 * follows its bytes (new metadata, new tag; a match is 304), and compressed here, since
 * the compression plugin only sees declared routes and pages are the not-found handler's.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status: number,
) {
  const etag = entityTag(html, undefined);
  reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (status === 200 && matches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send('');
  }
  const encoding =
    Buffer.byteLength(html) < THRESHOLD
      ? undefined
      : encodingFor(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}
