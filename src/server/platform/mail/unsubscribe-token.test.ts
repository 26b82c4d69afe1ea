import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

/*
 * Unsubscribe links never expire and are the same for one person and type (decision 1225):
 * what keeps that acceptable is pinned here.
 */
describe('unsubscribe tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-chars!';
  const ada = '0b6f3c1e-0000-4000-8000-000000000001';
  const bob = '0b6f3c1e-0000-4000-8000-000000000002';

  it('name one person and one type, and say nothing else', () => {
    const token = unsubscribeToken(secret, ada, 'bid.accepted');
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: ada, type: 'bid.accepted' });
    expect(token).toBe(unsubscribeToken(secret, ada, 'bid.accepted'));
    expect(unsubscribeToken(secret, ada, 'bid.declined')).not.toBe(token);
  });

  it('cannot be turned into another person’s or another type’s', () => {
    const [, signature] = unsubscribeToken(secret, ada, 'bid.accepted').split('.');
    for (const [userId, type] of [
      [bob, 'bid.accepted'],
      [ada, 'bid.declined'],
    ] as const) {
      const body = Buffer.from(JSON.stringify([userId, type])).toString('base64url');
      expect(readUnsubscribeToken(secret, `${body}.${signature}`)).toBeNull();
    }
  });

  it('all stop working when the server’s secret changes', () => {
    const token = unsubscribeToken(secret, ada, 'bid.accepted');
    expect(readUnsubscribeToken(`${secret}-rotated`, token)).toBeNull();
  });
});
