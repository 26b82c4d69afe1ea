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

/** A finished page: its HTML, status and tag (a kept one is sent again as it is). */
export interface FinishedPage {
  body: string;
  etag: string;
  status?: number;
}

/** A page's compressed copies, made once each while the page is kept (or being sent). */
const compressed = new WeakMap<FinishedPage, Partial<Record<'br' | 'gzip', Buffer>>>();

function compressedAs(page: FinishedPage, encoding: 'br' | 'gzip'): Buffer {
  const copies = compressed.get(page) ?? {};
  compressed.set(page, copies);
  copies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(page.body);
  return copies[encoding];
}

/** A page made for this request: its tag follows its bytes. */
export const finishedPage = (body: string, status = 200): FinishedPage => ({
  body,
  etag: entityTag(body, undefined),
  status,
});

/**
 * Sends a page the server wrote: revalidated on every visit (`no-cache`) by its tag, which
 * follows its bytes (new metadata, new tag; a match is 304), and compressed here, since
 * the compression plugin only sees declared routes and pages are the not-found handler's.
 * A kept page's compressed copies are made once (decision 0538).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: FinishedPage) {
  const status = page.status ?? 200;
  reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (status === 200 && matches(request.headers['if-none-match'], page.etag)) {
    return reply.code(304).send('');
  }
  const encoding =
    Buffer.byteLength(page.body) < THRESHOLD
      ? undefined
      : encodingFor(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(compressedAs(page, encoding));
}
