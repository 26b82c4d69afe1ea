import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { seedBenchmark } from '../../../../tools/seed/seed-bench.ts';
import { tasks } from '../../platform/db/schema.ts';
import { taskOrder, taskWhere, type TaskFilters, type TextTest } from './query.ts';

/**
 * Texts where lowercasing is not ASCII's (ß, İ, the Kelvin sign, Greek sigmas), pattern
 * characters, and line breaks: inside a description, and between a title and its description
 * (joined by one in `search_text`, where a term holding a line break must not match across).
 */
const TRICKY: [string, string][] = [
  ['Straße renovieren', 'Die STRASSE vor dem Haus.'],
  ['İstanbul office move', 'Moving desks in ISTANBUL and İzmir.'],
  ['Cool to 300 \u212A', 'Keep it near 300 kelvin.'],
  ['ΟΔΟΣ ΣΟΦΙΑΣ', 'Σοφίας street, ὈΔΥΣΣΕΥΣ.'],
  ['Sale at 50%_off', 'Back\\slash and 50% off.'],
  ['ends in xyzalpha', 'betaxyz starts the description; gamma\ndelta inside it.'],
  ['Emoji 🎉 party', 'Balloons 🎈 and cake.'],
];

const TERMS = [
  'strasse',
  'STRAßE',
  'straße',
  'istanbul',
  'İSTANBUL',
  'İzmir',
  '300 k',
  '300 \u212A',
  'σοφιας',
  'ΣΟΦΊΑΣ',
  'οδος',
  '50%_off',
  '50%',
  'back\\slash',
  'alpha\nbeta',
  'gamma\ndelta',
  'a\nb',
  '🎉 PARTY',
  'logo',
  'LOGO',
  'ogo fo',
  'akery',
  'for a',
  'zzqx',
];

const QUERIES: [Omit<TaskFilters, 'sort'> & { sort?: TaskFilters['sort'] }, number][] = [
  ...TERMS.map((search): [{ search: string }, number] => [{ search }, 1]),
  [{ search: 'logo', sort: 'priceLow', minPrice: 100 }, 3],
  [{ search: 'Bakery', sort: 'oldest' }, 2],
  [{ skills: ['react', 'FIGMA'] }, 1],
  [{ skills: ['seo', 'copywriting'], sort: 'priceHigh' }, 1],
  [{ skills: ['design', 'straße'] }, 1],
  [{ skills: ['go', 'rust'] }, 1],
  [{ location: 'berlin', search: 'for' }, 2],
];

/**
 * Searches test substrings with LIKE on the stored lowercased `search_text` (decision 1830),
 * no longer with ILIKE on title and description: on the same data, the old test and the new
 * give the same ids in the same order and the same count for every query, on the benchmark
 * seed and on texts whose lowercasing is not ASCII's.
 */
describe('search_text: the substring test on it matches what ILIKE matched', () => {
  const t = useTestApp();

  beforeAll(async () => {
    const db = t.app.database.db;
    await seedBenchmark(db, { tasks: 2000, bids: 0 });
    const owner = await signUp(t.app, { name: 'Search Text Owner' });
    for (const [title, description] of TRICKY)
      await insertTask(db, owner.id, { title, description });
  }, 120_000);

  async function answer(f: TaskFilters, page: number, test: TextTest) {
    const db = t.app.database.db;
    const where = taskWhere(f, test);
    const rows = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(where)
      .orderBy(...taskOrder(f.sort))
      .limit(12)
      .offset((page - 1) * 12);
    const [counted] = await db.select({ n: count() }).from(tasks).where(where);
    return { ids: rows.map((row) => row.id), count: counted!.n };
  }

  it('gives the same ids and counts with ILIKE (the old test) and on search_text (the new)', async () => {
    let matched = 0;
    for (const [filters, page] of QUERIES) {
      const f: TaskFilters = { sort: 'newest', ...filters };
      const [indexed, folded] = [await answer(f, page, 'ilike'), await answer(f, page, 'folded')];
      expect(folded, JSON.stringify([filters, page])).toEqual(indexed);
      if (indexed.count > 0) matched += 1;
    }
    // Most queries match something: the comparison is not between empty answers.
    expect(matched).toBeGreaterThan(QUERIES.length / 2);
  });

  it('finds the tricky texts by their lowercased words, and never across title and description', async () => {
    const found = async (search: string) =>
      (await answer({ sort: 'newest', search }, 1, 'folded')).count;
    expect(await found('STRAßE')).toBe(1);
    expect(await found('gamma\ndelta')).toBe(1);
    expect(await found('alpha\nbeta')).toBe(0);
  });
});
