import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, PRIORITIES } from '../../../shared/constants.ts';
import { OWNER_STATUSES } from '../../../shared/lifecycle.ts';
import { fieldCases } from '../../../../tests/factories/field-cases.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

const url = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;

/** Every field rule at its boundaries. */
const CASES = fieldCases({
  title: { accepted: ['a', 'x'.repeat(200)], refused: ['', '   ', 'x'.repeat(201), 5] },
  description: { accepted: ['d', 'd'.repeat(5000)], refused: ['', 'd'.repeat(5001)] },
  imageUrl: {
    accepted: ['https://example.com/a.png', '', null, url(2048)],
    refused: [
      url(2049),
      'http://example.com/a.png',
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      'not a url',
    ],
  },
  priority: { accepted: [...PRIORITIES], refused: ['low', 'Critical'] },
  category: { accepted: [...CATEGORIES], refused: ['design', 'Cooking'] },
  deadline: {
    accepted: ['2028-02-29'],
    refused: [
      '2027-02-29',
      '2030-04-31',
      '2030-13-01',
      '2030-6-30',
      '2030-06-30T00:00:00Z',
      '',
      20300630,
    ],
  },
  estimatedTime: { accepted: [0, 0.5, 10000, null], refused: [-0.5, 0.25, 1.1, 10000.5, '2'] },
  budget: {
    accepted: [0, 0.01, 1.15, 999_999_999.99, 1_000_000_000, null],
    refused: [-0.01, 0.005, 1e-7, 1_000_000_000.01, '10'],
  },
  // In Progress comes from accepting a bid: a new task cannot start with nobody assigned.
  status: { accepted: [...OWNER_STATUSES], refused: ['In Progress', 'Completed', 'Open'] },
  location: { accepted: ['l'.repeat(200)], refused: ['l'.repeat(201)] },
});

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
