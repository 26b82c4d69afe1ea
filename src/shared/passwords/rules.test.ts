import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRule,
  checkPasswordRules,
  estimatePasswordStrength,
  personalWords,
} from './rules.ts';

const alice = { name: 'Alice Smith', email: 'alice.smith@example.com' };

describe('password rules', () => {
  it('lists each rule met or not, as the form ticks them', () => {
    expect(checkPasswordRules('', alice)).toEqual({
      length: false,
      personal: false,
      common: false,
    });
    expect(checkPasswordRules('short', alice)).toMatchObject({ length: false });
    expect(checkPasswordRules('lantern-orbit-pebble-91', alice)).toEqual({
      length: true,
      personal: true,
      common: true,
    });
    expect(checkPasswordRules('x'.repeat(129), {}).length).toBe(false);
  });

  it('the name and e-mail count, the domain does not', () => {
    expect(personalWords(alice)).toEqual(expect.arrayContaining(['alice', 'smith', 'alicesmith']));
    expect(personalWords(alice)).not.toContain('example');
    for (const password of ['alicesmith2024', 'Sm1th-river-lamp', 'ALICE!!!99', 'xx-4l1ce-yy-zz'])
      expect(brokenPasswordRule(password, alice)?.id, password).toBe('personal');
    expect(brokenPasswordRule('example-river-lamp-7', alice)).toBeNull();
    // A short name counts only as the whole password, not inside a longer word.
    const ann = { name: 'Ann Li', email: 'ann@example.com' };
    expect(brokenPasswordRule('planning-river-77', ann)).toBeNull();
    expect(brokenPasswordRule('Ann20242024', ann)?.id).toBe('personal');
  });

  it('common passwords, dressed up or not, and patterns are refused', () => {
    for (const password of [
      'password',
      'Password1!',
      'P@ssw0rd2031',
      '12345678',
      '87654321',
      'qwertyuiop',
      'abcdefgh',
      'aaaaaaaa',
      ' '.repeat(8),
      'abcabcabc',
      'Sunshine2024!',
      'taskbid2026',
    ])
      expect(brokenPasswordRule(password, {})?.id, password).toBe('common');
    expect(brokenPasswordRule('correct-horse-battery', {})).toBeNull();
  });
});

describe('password strength estimate', () => {
  it('is 0 while a rule is broken, and grows with what is hard to guess', () => {
    expect(estimatePasswordStrength('password', {})).toBe(0);
    expect(estimatePasswordStrength('alicesmith99', alice)).toBe(0);
    const weak = estimatePasswordStrength('bluefish', {});
    const fair = estimatePasswordStrength('bluefish77', {});
    const strong = estimatePasswordStrength('lantern-orbit-pebble-91', {});
    expect(weak).toBeLessThan(3);
    expect(fair).toBeGreaterThanOrEqual(weak);
    expect(strong).toBe(4);
    expect(estimatePasswordStrength('Qv7#mK2!pL9z', {})).toBeGreaterThanOrEqual(3);
  });
});
