import type { FastifyReply } from 'fastify';
import type { Page } from '../../shared/paging.ts';

/**
 * A list's answer: the page's items as the body, the number of all items in `X-Total-Count`
 * (a lower bound when `X-Total-Count-Exact: false` comes with it).
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header('x-total-count', String(page.total));
  if (page.totalExact === false) reply.header('x-total-count-exact', 'false');
  return page.items;
}
