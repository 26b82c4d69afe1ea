import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { createAnswerCache, type CachedAnswer } from '../http/answer-cache.ts';
import { noSuchEndpoint } from '../http/errors.ts';
import { SITE_PAGE_PATHS } from './pages.ts';
import {
  fileCount,
  fixedSource,
  countSources,
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

  /** How many addresses each source has now, kept like the files (its body is JSON). */
  async function counts(db: Db): Promise<number[]> {
    const answer = await kept.get('counts', async () => ({
      body: JSON.stringify(await countSources(db, sources)),
    }));
    return JSON.parse(answer.body) as number[];
  }

  const send = (reply: FastifyReply, answer: CachedAnswer) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', answer.etag)
      .type(XML)
      .send(answer.body);

  /** Numbered file `file` (from 1) of the addresses as `known` counts them. */
  const urlFile = async (db: Db, known: number[], file: number) => ({
    body: urlSetXml(
      baseUrl,
      await sitemapPaths(db, sources, known, file, app.config.sitemapPageSize),
    ),
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const db = request.readDb();
    const known = await counts(db);
    const files = fileCount(known, app.config.sitemapPageSize);
    const answer = await kept.get('main', async () =>
      files > 1 ? { body: sitemapIndexXml(baseUrl, files) } : urlFile(db, known, 1),
    );
    return send(reply, answer);
  });

  // `/sitemap-2.xml`: the parameter is `2.xml` (a pattern with a suffix would need a regex).
  app.get<{ Params: { file: string } }>('/sitemap-:file', async (request, reply) => {
    const file = Number(/^(\d{1,9})\.xml$/.exec(request.params.file)?.[1] ?? 0);
    const db = request.readDb();
    const known = await counts(db);
    // Past the last file is not found, and costs no query and no room in the cache.
    if (file < 1 || file > fileCount(known, app.config.sitemapPageSize)) {
      const { statusCode, message, code } = noSuchEndpoint('GET', request.url);
      return reply.status(statusCode).send({ message, code });
    }
    return send(reply, await kept.get(`file ${file}`, () => urlFile(db, known, file)));
  });
}
