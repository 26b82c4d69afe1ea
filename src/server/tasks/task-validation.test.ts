import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, PRIORITIES } from '../../shared/constants.ts';
import { OWNER_STATUSES } from '../../shared/lifecycle.ts';
import { buildTask } from '../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../tests/factories/users.ts';
import { useTestApp } from '../../../tests/setup/test-app.ts';

type Case = [field: string, value: unknown, accepted: boolean];

const url = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;

/** Every field rule at its boundaries: [field, value, accepted?]. */
const CASES: Case[] = [
  ['title', '', false],
  ['title', '   ', false],
  ['title', 'a', true],
  ['title', 'x'.repeat(200), true],
  ['title', 'x'.repeat(201), false],
  ['title', 5, false],
  ['description', '', false],
  ['description', 'd', true],
  ['description', 'd'.repeat(5000), true],
  ['description', 'd'.repeat(5001), false],
  ['imageUrl', 'https://example.com/a.png', true],
  ['imageUrl', '', true],
  ['imageUrl', null, true],
  ['imageUrl', url(2048), true],
  ['imageUrl', url(2049), false],
  ['imageUrl', 'http://example.com/a.png', false],
  ['imageUrl', 'javascript:alert(1)', false],
  ['imageUrl', 'ftp://example.com/a.png', false],
  ['imageUrl', 'not a url', false],
  ...PRIORITIES.map((p): Case => ['priority', p, true]),
  ['priority', 'low', false],
  ['priority', 'Critical', false],
  ...CATEGORIES.map((c): Case => ['category', c, true]),
  ['category', 'design', false],
  ['category', 'Cooking', false],
  ['deadline', '2028-02-29', true],
  ['deadline', '2027-02-29', false],
  ['deadline', '2030-04-31', false],
  ['deadline', '2030-13-01', false],
  ['deadline', '2030-6-30', false],
  ['deadline', '2030-06-30T00:00:00Z', false],
  ['deadline', '', false],
  ['deadline', 20300630, false],
  ['estimatedTime', -0.5, false],
  ['estimatedTime', 0, true],
  ['estimatedTime', 0.5, true],
  ['estimatedTime', 0.25, false],
  ['estimatedTime', 1.1, false],
  ['estimatedTime', 10000, true],
  ['estimatedTime', 10000.5, false],
  ['estimatedTime', null, true],
  ['estimatedTime', '2', false],
  ['budget', -0.01, false],
  ['budget', 0, true],
  ['budget', 0.01, true],
  ['budget', 0.005, false],
  ['budget', 1e-7, false],
  ['budget', 1.15, true],
  ['budget', 999_999_999.99, true],
  ['budget', 1_000_000_000, true],
  ['budget', 1_000_000_000.01, false],
  ['budget', null, true],
  ['budget', '10', false],
  ...OWNER_STATUSES.map((s): Case => ['status', s, true]),
  // In Progress comes from accepting a bid: a new task cannot start with nobody assigned.
  ['status', 'In Progress', false],
  ['status', 'Completed', false],
  ['status', 'Open', false],
  ['location', 'l'.repeat(200), true],
  ['location', 'l'.repeat(201), false],
];

describe('task field rules at their boundaries', () => {
  const t = useTestApp();
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUp(t.app);
  });

  it.each(CASES)('%s = %j accepted: %s', async (field, value, accepted) => {
    const body = { ...buildTask(), [field]: value };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: jsonHeaders(owner.cookie),
      payload: body,
    });
    if (!accepted) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`);
      return;
    }
    expect(res.statusCode).toBe(201);
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${res.json().insertedId}`,
    });
    const stored = created.json()[field];
    if (typeof value === 'string' && field !== 'imageUrl' && field !== 'location') {
      expect(stored).toBe(value.trim());
    } else if (value === '') {
      expect(stored).toBeNull();
    } else {
      // Money and hours come back exactly as sent.
      expect(stored).toBe(value);
    }
  });

  it('also rejects the same values on update', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: jsonHeaders(owner.cookie),
      payload: buildTask(),
    });
    const id = created.json().insertedId;
    for (const [field, value] of CASES.filter(([, , ok]) => !ok)) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/${id}`,
        headers: jsonHeaders(owner.cookie),
        payload: { ...buildTask(), [field]: value },
      });
      expect(res.statusCode, `${field} = ${JSON.stringify(value)}`).toBe(400);
    }
  });
});
