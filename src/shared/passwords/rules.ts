import { ACCOUNT_LIMITS } from '../limits.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * The rules a new password must meet, wherever one is chosen (sign-up, reset, change). The
 * forms show them beside the field, ticking each as it is met; the server refuses a password
 * that breaks one with the same sentence, before its own dictionary check has the last word.
 */
const { minLength, maxLength } = ACCOUNT_LIMITS.password;

export type PasswordRuleId = 'length' | 'personal' | 'common';

export interface PasswordRule {
  id: PasswordRuleId;
  /** The rule as the form lists it. */
  label: string;
  /** Why a password that breaks it is refused. */
  refusal: string;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${minLength} to ${maxLength} characters`,
    refusal: `Use ${minLength} to ${maxLength} characters.`,
  },
  {
    id: 'personal',
    label: 'Not your name or e-mail address',
    refusal: 'It contains your name or your e-mail address.',
  },
  {
    id: 'common',
    label: 'Not a common password',
    refusal: 'This is a commonly used password.',
  },
];

/** Who is choosing the password: their own words count against them. */
export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
}

/** Digits and signs people put for letters: "p@ssw0rd" is "password". */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** Lower case, with look-alike digits and signs read as the letters they stand for. */
function plain(text: string): string {
  return text.toLowerCase().replace(/[013457@$!]/g, (c) => LOOKALIKES[c] ?? c);
}

/**
 * The words of a person's name and e-mail address that a password must not contain: each word
 * of three letters or more, and the address's local part without its separators
 * (alice.smith@… is also "alicesmith"). The address's domain is left out.
 */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const lower = text.toLowerCase();
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
    const joined = lower.replace(/[^\p{L}\p{N}]+/gu, '');
    if (joined.length >= 3) words.add(joined);
  };
  if (owner.name) add(owner.name);
  if (owner.email) add(owner.email.split('@')[0] ?? '');
  return [...words];
}

/** The password with the digits and signs people add around a word taken off: "Summer2024!" → "summer". */
function core(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** True when the password contains the person's name or address (a short one: is it). */
function isPersonal(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const read = plain(password);
  const bare = core(password);
  return personalWords(owner).some(
    (word) =>
      (word.length >= 4 && (lower.includes(word) || read.includes(word))) ||
      bare === word ||
      plain(bare) === word,
  );
}

const KEYBOARD_ROWS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1234567890',
  'abcdefghijklmnopqrstuvwxyz',
];

/** A run along the alphabet, the digits or a keyboard row, either way: "abcdefgh", "87654321". */
function isSequence(text: string): boolean {
  if (text.length < 4) return false;
  return KEYBOARD_ROWS.some((row) => {
    const back = [...row].reverse().join('');
    return row.includes(text) || back.includes(text);
  });
}

/** One short part said again and again: "aaaaaaaa", "abcabcabc", "12121212". */
function isRepeat(text: string): boolean {
  return /^(.{1,4})\1+$/su.test(text);
}

/** True for a password on the list of the most used ones, dressed up or not, or a pattern. */
function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (isRepeat(lower) || isSequence(lower)) return true;
  const bare = core(password);
  return [lower, plain(lower), bare, plain(bare)].some(
    (form) => form.length > 0 && (COMMON_PASSWORDS.has(form) || isRepeat(form) || isSequence(form)),
  );
}

/** Which rules `password` meets, for the person who is choosing it. */
export function checkPasswordRules(
  password: string,
  owner: PasswordOwner,
): Record<PasswordRuleId, boolean> {
  const length = [...password].length;
  return {
    length: length >= minLength && length <= maxLength,
    personal: password.length > 0 && !isPersonal(password, owner),
    common: password.length > 0 && !isCommon(password),
  };
}

/** The first rule `password` breaks, or null when it meets them all. */
export function brokenPasswordRule(password: string, owner: PasswordOwner): PasswordRule | null {
  const met = checkPasswordRules(password, owner);
  return PASSWORD_RULES.find((rule) => !met[rule.id]) ?? null;
}

/** How hard a password is to guess, 0 (at once) to 4 (out of reach); the server wants 3. */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/** The lowest strength a new password may have (the server's dictionary check has the last word). */
export const MIN_PASSWORD_STRENGTH = 3;

export const STRENGTH_LABELS: Record<PasswordStrength, string> = {
  0: 'Too weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

/** log10 of the guesses a run of one kind of character costs. */
function runCost(run: string): number {
  const n = [...run].length;
  const lower = run.toLowerCase();
  if (isRepeat(lower) && n > 2) return Math.log10(n) + 1;
  if (isSequence(lower)) return Math.log10(n) + 1.5;
  if (/^\p{L}+$/u.test(run)) {
    // Letters are mostly words: the first three cost most, each one after adds little.
    const cased = /\p{Lu}/u.test(run.slice(1)) ? 0.2 * n : /^\p{Lu}/u.test(run) ? 0.3 : 0;
    const word = COMMON_PASSWORDS.has(lower) ? 2 : Math.min(n, 3) + Math.max(0, n - 3) * 0.4;
    return word + cased;
  }
  if (/^\d+$/.test(run)) return /^(19|20)\d\d$/.test(run) ? 2 : n * 0.9;
  return n * 1.2;
}

/**
 * A quick estimate of how hard `password` is to guess, on the same 0–4 scale as the server's
 * check: the rules first (a password that breaks one is 0), then the password cut into runs of
 * letters, digits and signs, each costed (words, years, sequences and repeats cost little).
 * It runs in the browser as the person types; it errs towards the server, which decides.
 */
export function estimatePasswordStrength(password: string, owner: PasswordOwner): PasswordStrength {
  if (brokenPasswordRule(password, owner)) return 0;
  const runs = password.match(/\p{L}+|\p{N}+|[^\p{L}\p{N}]+/gu) ?? [];
  // Digits and signs put after a word ("summer77!") are the first thing a guesser adds.
  const tail = runs.findLastIndex((run) => /\p{L}/u.test(run)) + 1;
  const log10 = runs.reduce(
    (sum, run, i) => sum + runCost(run) * (i >= tail && tail > 0 ? 0.6 : 1),
    0,
  );
  if (log10 < 6) return 1;
  if (log10 < 8) return 2;
  if (log10 < 10) return 3;
  return 4;
}
