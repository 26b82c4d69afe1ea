import type { FastifyReply } from 'fastify';
import type { Page } from '../../../shared/paging/schema.ts';
import { invalidInput } from './errors.ts';

/**
 * A list's answer: the page's items as the body, the number of all items in `X-Total-Count`
 * (a lower bound when `X-Total-Count-Exact: false` comes with it).
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  totalHeaders(reply, page.total, page.totalExact !== false);
  return page.items;
}

/** A keyset list's `cursor` this server did not hand out (forged, or from an older release). */
export const badCursor = () =>
  invalidInput('querystring', [
    {
      path: 'querystring.cursor',
      message: 'is not a page this list handed out: start from the first page',
    },
  ]);

/** `X-Total-Count`, with `X-Total-Count-Exact: false` when it is a lower bound. */
export function totalHeaders(reply: FastifyReply, total: number, exact: boolean) {
  reply.header('x-total-count', String(total));
  if (!exact) reply.header('x-total-count-exact', 'false');
}
