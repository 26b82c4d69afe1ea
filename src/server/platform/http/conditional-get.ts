import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Whether an `If-None-Match` header names the tag (`*` matches any). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag.replace(/^W\//, ''));
}

/** The weak entity tag of an answer: the SHA-1 of its body and its `X-Total-Count`. */
export function entityTag(body: string | Buffer, total: string | number | undefined): string {
  const digest = createHash('sha1')
    .update(body)
    .update(`\n${total ?? ''}`)
    .digest('base64url');
  return `W/"${digest}"`;
}

/**
 * Every API answer a shared cache may keep (GET, 200, no `no-store`) carries a weak `ETag`
 * made from its body and its `X-Total-Count` (and a page of the app, its own tag); a request whose `If-None-Match` names it gets
 * 304 with no body. The bytes, their compression and the client's parsing are saved, and
 * caches revalidate cheaply when `stale-while-revalidate` runs out.
 */
export function registerConditionalGets(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    // Outside the API, only what brings its own tag: the pages and the sitemap (web/).
    const given = reply.getHeader('etag') as string | undefined;
    if (reply.statusCode !== 200 || (!request.url.startsWith('/api/') && !given)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    // A kept answer (answer-cache.ts) brings the tag it was given when it was made.
    const etag =
      given ?? entityTag(payload, reply.getHeader('x-total-count') as string | undefined);
    reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
