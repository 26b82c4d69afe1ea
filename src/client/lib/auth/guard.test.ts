import { describe, expect, it } from 'vitest';
import { guardDecision, isSafeReturnPath, returnPathAfterLogin } from './guard.ts';
import { signInPurpose } from './sign-in-purpose.ts';

const user = { email: 'ada@example.com' };

describe('guardDecision', () => {
  it('waits while the session is loading and nobody is known yet', () => {
    expect(guardDecision({ loading: true, user: null }, { pathname: '/my-tasks' })).toEqual({
      kind: 'wait',
    });
  });

  it('lets a signed-in user with an e-mail through', () => {
    expect(guardDecision({ loading: false, user }, { pathname: '/my-tasks' })).toEqual({
      kind: 'allow',
    });
  });

  it('keeps a signed-in user on the page while an action reloads the session', () => {
    expect(guardDecision({ loading: true, user }, { pathname: '/profile' }).kind).toBe('allow');
  });

  it('sends a signed-out visitor to /login with the attempted path, query and hash', () => {
    expect(
      guardDecision(
        { loading: false, user: null },
        { pathname: '/browse-tasks/42', search: '?tab=bids', hash: '#top' },
      ),
    ).toEqual({ kind: 'redirect', to: '/login', state: { from: '/browse-tasks/42?tab=bids#top' } });
  });

  it('treats a user without an e-mail as signed out', () => {
    const decision = guardDecision(
      { loading: false, user: { email: '' } },
      { pathname: '/add-task' },
    );
    expect(decision).toEqual({ kind: 'redirect', to: '/login', state: { from: '/add-task' } });
  });
});

describe('returnPathAfterLogin', () => {
  it('returns the attempted path from the state', () => {
    expect(returnPathAfterLogin({ from: '/my-tasks?page=2' })).toBe('/my-tasks?page=2');
  });

  it('accepts a location object', () => {
    expect(returnPathAfterLogin({ from: { pathname: '/profile', search: '', hash: '' } })).toBe(
      '/profile',
    );
  });

  it('falls back to home without a usable state', () => {
    expect(returnPathAfterLogin(null)).toBe('/');
    expect(returnPathAfterLogin({})).toBe('/');
    expect(returnPathAfterLogin({ from: 42 })).toBe('/');
  });

  it('never leaves the site or returns to an auth screen', () => {
    expect(returnPathAfterLogin({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathAfterLogin({ from: '//evil.example/' })).toBe('/');
    expect(returnPathAfterLogin({ from: '/\\evil.example' })).toBe('/');
    // A browser drops tabs and newlines from a URL: `/\t/evil.example` would be `//evil.example`.
    for (const from of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u0000x'])
      expect(returnPathAfterLogin({ from }), JSON.stringify(from)).toBe('/');
    expect(returnPathAfterLogin({ from: '/login' })).toBe('/');
    expect(returnPathAfterLogin({ from: '/signup?x=1' })).toBe('/');
    expect(isSafeReturnPath('/my-tasks')).toBe(true);
  });
});

describe('signInPurpose', () => {
  it('says why a protected screen asks to sign in, and nothing for other paths', () => {
    expect(signInPurpose('/browse-tasks/abc?bids=2#questions')).toBe(
      'see this task and make an offer',
    );
    expect(signInPurpose('/messages/t1')).toBe('read your messages');
    expect(signInPurpose('/add-task')).toBe('post a task');
    expect(signInPurpose('/')).toBeUndefined();
    expect(signInPurpose('/browse-tasks')).toBeUndefined();
  });
});
