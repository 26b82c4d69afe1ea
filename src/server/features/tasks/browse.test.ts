import { beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { createTestApp, useTestApp } from '../../../../tests/setup/test-app.ts';
import type { Category } from '../../../shared/constants.ts';

const HOUR = 3600_000;
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);

/** Seven tasks, newest first: [key, title, description, category, budget, deadline, location]. */
const ROWS: [string, string, string, Category, number | null, number, string | null][] = [
  [
    'fence',
    'Paint the garden fence',
    'Two coats of weatherproof paint.',
    'Personal',
    100,
    10,
    'Berlin, Germany',
  ],
  [
    'photo',
    'Wedding photography',
    'A full day of photos in Milan.',
    'Design',
    2500,
    30,
    'Milan, Italy',
  ],
  [
    'react',
    'React dashboard',
    'Build charts with TypeScript and React.',
    'Web Development',
    800,
    5,
    'Remote',
  ],
  ['logo', 'Logo design for a bakery', 'Modern logo and vector files.', 'Design', null, 20, null],
  [
    'docs',
    'Translate 100% of the docs',
    'German to English, 6_000 words.',
    'Writing',
    0,
    -5,
    'berlin',
  ],
  [
    'seo',
    'SEO audit',
    'Improve search rankings for a shop with 62000 visits.',
    'Marketing',
    300.5,
    60,
    'Toronto, Canada',
  ],
  [
    'tea',
    'Market research on tea',
    'Survey and interviews about tea drinking.',
    'Research',
    450,
    2,
    'Remote',
  ],
];

describe('GET /api/tasks: browse, search, filters, sorts and paging', () => {
  const t = useTestApp();
  let ann: TestUser;
  let bob: TestUser;
  const ids = new Map<string, string>();
  const keyOf = new Map<string, string>();

  beforeAll(async () => {
    ann = await signUp(t.app, { name: 'Ann' });
    bob = await signUp(t.app, { name: 'Bob' });
    for (const [
      i,
      [key, title, description, category, budget, deadline, location],
    ] of ROWS.entries()) {
      const id = await insertTask(t.app.database.db, i % 2 === 0 ? ann.id : bob.id, {
        title,
        description,
        category,
        budget,
        deadline: day(deadline),
        location,
        createdAt: new Date(Date.now() - (i + 1) * HOUR),
      });
      ids.set(key, id);
      keyOf.set(id, key);
    }
  });

  async function browse(query: string, cookie?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tasks${query ? `?${query}` : ''}`,
      headers: cookie ? { cookie } : {},
    });
    const body = res.json();
    return {
      res,
      status: res.statusCode,
      total: Number(res.headers['x-total-count']),
      keys: res.statusCode === 200 ? (body as { _id: string }[]).map((x) => keyOf.get(x._id)) : [],
    };
  }

  it('lists the newest first, 12 a page, with the total in X-Total-Count', async () => {
    const { status, keys, total, res } = await browse('');
    expect(status).toBe(200);
    expect(keys).toEqual(['fence', 'photo', 'react', 'logo', 'docs', 'seo', 'tea']);
    expect(total).toBe(7);
    const first = res.json()[0];
    expect(Object.keys(first).sort()).toEqual(
      ['_id', 'assignedTo', 'budget', 'category', 'createdAt', 'deadline', 'description']
        .concat(['estimatedTime', 'imageUrl', 'location', 'price', 'priority', 'status'])
        .concat(['title', 'userId', 'userName', 'userRating'])
        .sort(),
    );
    expect(first.price).toBe(first.budget);
  });

  it.each([
    ['sort=oldest', ['tea', 'seo', 'docs', 'logo', 'react', 'photo', 'fence']],
    ['sort=priceLow', ['docs', 'fence', 'seo', 'tea', 'react', 'photo', 'logo']],
    ['sort=priceHigh', ['photo', 'react', 'tea', 'seo', 'fence', 'docs', 'logo']],
    ['sort=deadline', ['tea', 'react', 'fence', 'logo', 'photo', 'seo']],
    ['sort=newest', ['fence', 'photo', 'react', 'logo', 'docs', 'seo', 'tea']],
    ['sort=', ['fence', 'photo', 'react', 'logo', 'docs', 'seo', 'tea']],
  ])('sorts by %s (no budget last; deadline: upcoming only)', async (query, expected) => {
    const { keys, total } = await browse(query);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('pages with page and limit, counting every match', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => browse(`limit=3&page=${p}`)));
    expect(pages.map((p) => p.keys)).toEqual([
      ['fence', 'photo', 'react'],
      ['logo', 'docs', 'seo'],
      ['tea'],
      [],
    ]);
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect((await browse('limit=2&page=2&sort=priceLow')).keys).toEqual(['seo', 'tea']);
  });

  it.each([
    ['search=paint', ['fence']],
    ['search=painting', ['fence']], // full text: stemmed
    ['search=ograph', ['photo']], // substring
    ['search=TYPESCRIPT', ['react']],
    ['search=6_000', ['docs']], // _ is literal, not a wildcard (62000 does not match)
    ['search=%25%25%25', []], // % is literal
    ['search=tea -survey', []], // web-search syntax
    ['search=%20%20', ['fence', 'photo', 'react', 'logo', 'docs', 'seo', 'tea']],
    ['category=Design', ['photo', 'logo']],
    ['category=', ['fence', 'photo', 'react', 'logo', 'docs', 'seo', 'tea']],
    ['minPrice=100&maxPrice=450', ['fence', 'seo', 'tea']],
    ['minPrice=0', ['fence', 'photo', 'react', 'docs', 'seo', 'tea']],
    ['maxPrice=0', ['docs']],
    ['minPrice=300.50&maxPrice=300.5', ['seo']],
    ['location=BERLIN', ['fence', 'docs']],
    ['location=remote', ['react', 'tea']],
    ['skills=design', ['photo', 'logo']], // category name or title
    ['skills=react,%20TypeScript', ['react']],
    ['skills=react,logo', []],
    ['skills=tea,survey,', ['tea']],
    ['category=Design&minPrice=1000', ['photo']],
    ['search=logo&category=Writing', []],
  ])('filters with %s', async (query, expected) => {
    const { status, keys, total } = await browse(query);
    expect(status).toBe(200);
    expect(keys).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=x',
    'page=1&page=2',
    'limit=0',
    'limit=101',
    'limit=ten',
    'sort=cheapest',
    'category=Cooking',
    'minPrice=-1',
    'minPrice=abc',
    'minPrice=10.005',
    'minPrice=500&maxPrice=100',
    `search=${'s'.repeat(201)}`,
  ])('answers 400 JSON with issues for %s', async (query) => {
    const { status, res } = await browse(query);
    expect(status).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.any(Object)] });
  });

  it('allows 100 a page', async () => {
    expect((await browse('limit=100')).total).toBe(7);
  });

  it('never shows another user’s e-mail; shows yours on your tasks', async () => {
    const anonymous = await browse('limit=100');
    expect(anonymous.res.body).not.toContain(ann.email);
    expect(anonymous.res.body).not.toContain(bob.email);
    const asAnn = await browse('limit=100', ann.cookie);
    expect(asAnn.res.body).not.toContain(bob.email);
    for (const task of asAnn.res.json()) {
      const annOwns = ['fence', 'react', 'docs', 'tea'].includes(keyOf.get(task._id)!);
      expect(task.userEmail).toBe(annOwns ? ann.email : undefined);
      expect(task.userName).toBe(annOwns ? 'Ann' : 'Bob');
    }
  });

  describe('?email= (my tasks)', () => {
    it('lists the caller’s own tasks, paged and sorted the same way', async () => {
      const mine = await browse(`email=${encodeURIComponent(ann.email.toUpperCase())}`, ann.cookie);
      expect(mine.status).toBe(200);
      expect(mine.keys).toEqual(['fence', 'react', 'docs', 'tea']);
      expect(mine.total).toBe(4);
      expect(mine.res.json().every((x: { userEmail: string }) => x.userEmail === ann.email)).toBe(
        true,
      );
      const paged = await browse(`email=${ann.email}&sort=priceHigh&limit=1&page=2`, ann.cookie);
      expect(paged.keys).toEqual(['tea']);
      expect(paged.total).toBe(4);
    });

    it('answers 401 when signed out and 403 for someone else’s e-mail', async () => {
      expect((await browse(`email=${ann.email}`)).status).toBe(401);
      const other = await browse(`email=${ann.email}`, bob.cookie);
      expect(other.status).toBe(403);
      expect(other.res.body).not.toContain('"_id"');
    });
  });

  it('counts tasks per category, every category included, for anyone', async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/tasks/categories',
      headers: { cookie: bob.cookie },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/categories' });
    expect(signedIn.json()).toEqual(res.json());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { category: 'Web Development', count: 1 },
      { category: 'Design', count: 2 },
      { category: 'Writing', count: 1 },
      { category: 'Marketing', count: 1 },
      { category: 'Research', count: 1 },
      { category: 'Personal', count: 1 },
    ]);
  });

  it('keeps a page of 12 typical tasks under 15 KB', async () => {
    for (let i = 0; i < 12; i++)
      await insertTask(t.app.database.db, bob.id, {
        title: `A typical task title number ${i} for the size check`,
        description: 'A realistic description of what is needed. '.repeat(7),
      });
    const { res } = await browse('limit=12');
    expect(res.json()).toHaveLength(12);
    expect(Buffer.byteLength(res.body)).toBeLessThan(15 * 1024);
  });
});

describe('GET /api/tasks as any caller', () => {
  it('answers anonymous callers and signed-in ones alike', async () => {
    const t = await createTestApp();
    try {
      const user = await signUp(t.app);
      await insertTask(t.app.database.db, user.id);
      for (const headers of [{}, { cookie: user.cookie }, jsonHeaders()]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/tasks', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(1);
      }
    } finally {
      await t.close();
    }
  });
});
