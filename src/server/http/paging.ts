import type { FastifyReply } from 'fastify';
import type { Page } from '../../shared/paging.ts';

/** A list's answer: the page's items as the body, the number of all items in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
