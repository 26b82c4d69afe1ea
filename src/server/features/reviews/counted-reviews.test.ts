import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  apiCall,
  markVerified,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import { reviews, user } from '../../platform/db/schema.ts';

type Method = 'GET' | 'POST';

/*
 * A rating counts real work only: reviews between verified people, at most one per reviewer
 * and reviewee in six months. Every published review is still shown; the others say they are
 * not counted.
 */
describe('which reviews count toward a rating', () => {
  const t = useTestApp();
  const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
    apiCall(t.app, method, url, who, payload);
  const inserted = async (res: Promise<{ json: <T>() => T }>) =>
    (await res).json<{ insertedId: string }>().insertedId;

  /** One round of farming: `a` posts, `b` bids, `a` accepts and completes, `b` confirms, both give 5 stars. */
  async function round(a: TestUser, b: TestUser) {
    const taskId = await inserted(call('POST', '/api/tasks', a, buildTask()));
    const bidId = await inserted(call('POST', '/api/bids', b, buildBid(taskId)));
    expect((await call('POST', `/api/bids/${bidId}/accept`, a)).statusCode).toBe(200);
    expect((await call('POST', `/api/tasks/${taskId}/complete`, a)).statusCode).toBe(200);
    const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, b);
    expect(confirmed.statusCode).toBe(200);
    for (const who of [a, b]) {
      const res = await call('POST', `/api/tasks/${taskId}/reviews`, who, {
        rating: 5,
        comment: 'Wonderful, would hire again!',
      });
      expect(res.statusCode).toBe(201);
    }
    return taskId;
  }
  const profile = async (who: TestUser) => (await call('GET', `/api/users/${who.id}`)).json();
  const received = async (who: TestUser) =>
    (await call('GET', `/api/users/${who.id}/reviews?limit=100`)).json<
      { rating: number; counted: boolean; publishedAt: string | null }[]
    >();
  /** The task card's rating of its poster. */
  const cardRating = async (taskId: string) =>
    (await call('GET', `/api/tasks/${taskId}`)).json<{ userRating: unknown }>().userRating;

  /** The sums on the account row equal what the counted reviews add up to. */
  async function expectConsistent(who: TestUser) {
    const [row] = await t.app.database.db
      .select({
        clientSum: user.clientRatingSum,
        clientCount: user.clientRatingCount,
        freelancerSum: user.freelancerRatingSum,
        freelancerCount: user.freelancerRatingCount,
      })
      .from(user)
      .where(eq(user.id, who.id));
    const [counted] = await t.app.database.db
      .select({
        clientSum: sql<number>`coalesce(sum(${reviews.rating}) filter (where ${reviews.role} = 'client'), 0)::int`,
        clientCount: sql<number>`(count(*) filter (where ${reviews.role} = 'client'))::int`,
        freelancerSum: sql<number>`coalesce(sum(${reviews.rating}) filter (where ${reviews.role} = 'freelancer'), 0)::int`,
        freelancerCount: sql<number>`(count(*) filter (where ${reviews.role} = 'freelancer'))::int`,
      })
      .from(reviews)
      .where(sql`${reviews.revieweeId} = ${who.id} and ${reviews.counted}`);
    expect(row).toEqual(counted);
  }

  it('two unverified accounts farming five rounds: every review shown, none counted', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    let taskId = '';
    for (let i = 0; i < 5; i++) taskId = await round(a, b);

    expect((await profile(a)).client.rating).toEqual({ average: null, count: 0 });
    expect((await profile(b)).freelancer.rating).toEqual({ average: null, count: 0 });
    expect(await cardRating(taskId)).toEqual({ average: null, count: 0 });
    for (const who of [a, b]) {
      const shown = await received(who);
      expect(shown).toHaveLength(5);
      expect(shown.every((r) => r.publishedAt !== null && r.counted === false)).toBe(true);
      await expectConsistent(who);
    }
  });

  it('verified accounts: one counted review per reviewer and reviewee in six months', async () => {
    const [a, b] = [await signUpVerified(t.app), await signUpVerified(t.app)];
    const first = await round(a, b);
    let taskId = '';
    for (let i = 0; i < 4; i++) taskId = await round(a, b);

    for (const who of [a, b]) {
      const shown = await received(who);
      expect(shown).toHaveLength(5);
      expect(shown.filter((r) => r.counted)).toHaveLength(1);
      await expectConsistent(who);
    }
    expect((await profile(a)).client.rating).toEqual({ average: 5, count: 1 });
    expect((await profile(b)).freelancer.rating).toEqual({ average: 5, count: 1 });
    expect(await cardRating(taskId)).toEqual({ average: 5, count: 1 });

    // Six months after the counted one, the pair's next review counts again.
    await t.app.database.db.execute(
      sql`update reviews set published_at = published_at - interval '6 months 1 day' where task_id = ${first}`,
    );
    await round(a, b);
    expect((await profile(a)).client.rating).toEqual({ average: 5, count: 2 });
    expect((await profile(b)).freelancer.rating).toEqual({ average: 5, count: 2 });
    for (const who of [a, b]) await expectConsistent(who);
  });

  it('verified at the moment of publishing: a review published before verification stays uncounted', async () => {
    const [a, b] = [await signUpVerified(t.app), await signUp(t.app)];
    await round(a, b);
    await markVerified(t.app, b);
    expect((await profile(a)).client.rating).toEqual({ average: null, count: 0 });
    expect((await profile(b)).freelancer.rating).toEqual({ average: null, count: 0 });
    // The pair has no counted review yet: their next one counts.
    await round(a, b);
    expect((await profile(a)).client.rating).toEqual({ average: 5, count: 1 });
    expect((await profile(b)).freelancer.rating).toEqual({ average: 5, count: 1 });
  });
});
