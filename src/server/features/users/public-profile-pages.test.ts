import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_EMAIL_DOMAIN } from '../../../shared/account.ts';
import { profiles, reviews, tasks, user } from '../../platform/db/schema.ts';
import { clientShellDir, noscriptOf, pageHead } from '../../../../tests/setup/client-shell.ts';
import { TEST_BASE_URL, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';

/** People in every state a profile can be in, and the rows that make their work public. */
async function cast(t: TestApp) {
  const db = t.app.database.db;
  const people = {
    poster: await signUp(t.app, { name: 'Ada <b>Lovelace</b> & "Co"' }),
    reviewed: await signUp(t.app),
    idle: await signUp(t.app),
    banned: await signUp(t.app),
    hidden: await signUp(t.app),
    deleted: await signUp(t.app),
    heldTaskOnly: await signUp(t.app),
  };
  const put = await apiCall(t.app, 'PUT', '/api/profile', people.poster, {
    headline: '</title><script>alert(1)</script> bookkeeper',
  });
  expect(put.statusCode).toBe(200);
  const taskId = await insertTask(db, people.poster.id);
  for (const who of [people.banned, people.hidden, people.deleted]) await insertTask(db, who.id);
  await insertTask(db, people.heldTaskOnly.id, { moderation: 'held' });
  await db.insert(reviews).values({
    taskId,
    reviewerId: people.poster.id,
    revieweeId: people.reviewed.id,
    role: 'freelancer',
    rating: 5,
    comment: 'Great work.',
    publishedAt: new Date(),
  });
  await db.update(user).set({ banned: true }).where(eq(user.id, people.banned.id));
  await db
    .update(user)
    .set({ email: `deleted-${people.deleted.id}@${DELETED_EMAIL_DOMAIN}`, name: 'Deleted user' })
    .where(eq(user.id, people.deleted.id));
  await db.insert(profiles).values({ userId: people.hidden.id, moderation: 'held' });
  expect(await db.select({ id: tasks.id }).from(tasks)).toHaveLength(5);
  return people;
}

describe('a public profile’s page head', () => {
  const t = useTestApp({ STATIC_DIR: clientShellDir() }, { listen: true });
  let people: Record<string, TestUser>;
  beforeAll(async () => {
    people = await cast(t);
  });
  const get = (path: string) => fetch(`${t.url}${path}`);

  it('names the person and their headline, escaped, at the profile’s address', async () => {
    const { poster } = people;
    const res = await get(`/users/${poster!.id}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<b>Lovelace</b>');
    const head = pageHead(body);
    expect(head.titles).toEqual(['Ada <b>Lovelace</b> & "Co" · TaskBid']);
    expect(head.description).toBe(
      'Ada <b>Lovelace</b> & "Co" on TaskBid: </title><script>alert(1)</script> bookkeeper',
    );
    expect(head.canonical).toBe(`${TEST_BASE_URL}/users/${poster!.id}`);
    expect(head.robots).toBeUndefined();
    expect(head.og).toEqual({
      title: head.title,
      description: head.description,
      url: head.canonical,
      type: 'profile',
      siteName: 'TaskBid',
    });
    // Without JavaScript: the name as the heading, the headline under it, both escaped.
    expect(noscriptOf(body)).toBe(
      '<h1>Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Co&quot;</h1>' +
        '<p>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; bookkeeper</p>',
    );
  });

  it('says what a profile without a headline is', async () => {
    const head = pageHead(await (await get(`/users/${people.idle!.id}`)).text());
    expect(head.title).toBe(`${people.idle!.name} · TaskBid`);
    expect(head.description).toBe(
      `${people.idle!.name}’s profile, track record and reviews on TaskBid.`,
    );
  });

  it('answers a missing, deleted, banned or hidden profile as not found, kept out of results', async () => {
    for (const id of ['no-such-person', people.deleted!.id, people.banned!.id, people.hidden!.id]) {
      const res = await get(`/users/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type'), id).toMatch(/^text\/html/);
      const body = await res.text();
      const head = pageHead(body);
      expect(head.title, id).toBe('Page Not Found · TaskBid');
      expect(noscriptOf(body), id).toContain('<h1>Page Not Found</h1>');
      expect(head.robots, id).toBe('noindex');
      expect(head.canonical, id).toBeUndefined();
    }
  });
});

describe('robots.txt and the sitemap', () => {
  // Five addresses a file: the site's pages and browse's already need three files.
  const t = useTestApp({ STATIC_DIR: clientShellDir() }, { listen: true, sitemapPageSize: 5 });
  let people: Record<string, TestUser>;
  beforeAll(async () => {
    people = await cast(t);
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { headers });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

  it('lets crawlers read the public pages and not the API or private screens', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/profile', '/messages'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
  });

  it('is an index of numbered files past the page size, which together list every public address', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const index = await res.text();
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    // 7 site pages, browse and its 6 categories, 2 people with public work: 16 in files of 5.
    expect(locs(index)).toEqual([1, 2, 3, 4].map((n) => `${TEST_BASE_URL}/sitemap-${n}.xml`));

    const listed: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const file = await get(`/sitemap-${n}.xml`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await file.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(xml).length).toBeLessThanOrEqual(5);
      listed.push(...locs(xml));
    }
    expect(listed).toHaveLength(16);
    expect(new Set(listed).size).toBe(16);
    expect(listed).toEqual(
      expect.arrayContaining([
        `${TEST_BASE_URL}/`,
        `${TEST_BASE_URL}/pricing`,
        `${TEST_BASE_URL}/install`,
        `${TEST_BASE_URL}/browse-tasks`,
        `${TEST_BASE_URL}/browse-tasks?category=Web+Development`,
        `${TEST_BASE_URL}/users/${people.poster!.id}`,
        `${TEST_BASE_URL}/users/${people.reviewed!.id}`,
      ]),
    );
    for (const who of ['idle', 'banned', 'hidden', 'deleted', 'heldTaskOnly'])
      expect(listed, who).not.toContain(`${TEST_BASE_URL}/users/${people[who]!.id}`);

    expect((await get('/sitemap-5.xml')).status).toBe(404);
    expect((await get('/sitemap-0.xml')).status).toBe(404);
  });

  it('answers a crawler that has the file already with 304', async () => {
    const first = await get('/sitemap-2.xml');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await get('/sitemap-2.xml', { 'if-none-match': etag! })).status).toBe(304);
  });
});
