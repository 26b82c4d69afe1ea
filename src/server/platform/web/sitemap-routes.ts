import type { FastifyInstance } from 'fastify';
import { createAnswerCache, type CachedAnswer } from '../http/answer-cache.ts';
import { noSuchEndpoint } from '../http/errors.ts';
import { SITE_PAGE_PATHS } from './pages.ts';
import {
  fixedSource,
  planSitemap,
  robotsTxt,
  sitemapIndexXml,
  sitemapPaths,
  urlSetXml,
} from './sitemap.ts';

/** Crawlers read these at most every few hours; an hour of staleness is nothing to them. */
const CACHE_CONTROL = 'public, max-age=3600';
const KEPT_MS = 10 * 60 * 1000;
const XML = 'application/xml; charset=utf-8';

/**
 * `/robots.txt`, and `/sitemap.xml` with its numbered files `/sitemap-N.xml` when the site
 * has more addresses than one file may list (`config.sitemapPageSize`). Each answer is kept
 * in this process for ten minutes (one query per file, however many crawlers ask).
 */
export async function sitemapRoutes(app: FastifyInstance) {
  const { baseUrl } = app.config;
  const sources = [
    fixedSource('site', SITE_PAGE_PATHS),
    ...app.features.flatMap((feature) => feature.sitemap ?? []),
  ];
  const kept = createAnswerCache({ maxBytes: 32 * 1024 * 1024, maxEntries: 64, maxAgeMs: KEPT_MS });
  const robots = robotsTxt(baseUrl);

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );

  /** The whole sitemap (one file), or its index; a numbered file past the last is null. */
  async function sitemapFile(db: Parameters<typeof planSitemap>[0], file: number | 'main') {
    const pageSize = app.config.sitemapPageSize;
    const { plan, counts } = await planSitemap(db, sources, pageSize);
    if (file === 'main') {
      if (plan.kind === 'index') return sitemapIndexXml(baseUrl, plan.files);
      return urlSetXml(baseUrl, await sitemapPaths(db, sources, counts, 1, pageSize));
    }
    const files = plan.kind === 'index' ? plan.files : 1;
    if (file > files) return null;
    return urlSetXml(baseUrl, await sitemapPaths(db, sources, counts, file, pageSize));
  }

  const send = (reply: import('fastify').FastifyReply, answer: CachedAnswer) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', answer.etag)
      .type(XML)
      .send(answer.body);

  app.get('/sitemap.xml', async (request, reply) => {
    const answer = await kept.get('main', async () => ({
      body: (await sitemapFile(request.readDb(), 'main')) ?? '',
    }));
    return send(reply, answer);
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file(^\\d+).xml', async (request, reply) => {
    const file = Number(request.params.file);
    const answer =
      file >= 1 && Number.isSafeInteger(file)
        ? await kept.get(`file ${file}`, async () => ({
            body: (await sitemapFile(request.readDb(), file)) ?? '',
          }))
        : undefined;
    if (!answer?.body) {
      const { statusCode, message, code } = noSuchEndpoint('GET', request.url);
      return reply.status(statusCode).send({ message, code });
    }
    return send(reply, answer);
  });
}
