import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import {
  brokenPasswordRule,
  MIN_PASSWORD_STRENGTH,
  personalWords,
  type PasswordOwner,
} from '../../../shared/passwords/rules.ts';

/**
 * The lowest zxcvbn score a new password may have: 3 is about 10^8 guesses, out of reach of
 * an online attack and costly offline against a slow hash. Common and breached-list
 * passwords (`password`, `12345678`, eight spaces) and ones made of the person's own name or
 * address score 0–2. The forms' strength meter uses the same scale (shared/passwords/rules.ts).
 */
export const MIN_PASSWORD_SCORE = MIN_PASSWORD_STRENGTH;

/** zxcvbn reads at most this much of a password (its cost grows with the length). */
const CHECKED_LENGTH = 64;

/** Words anyone trying to guess a TaskBid password would try first. */
const SITE_WORDS = ['taskbid', 'task', 'bid'];

/** The sentence for zxcvbn's warning, when it gave one; otherwise the general advice. */
const WARNINGS: Record<string, string> = {
  topTen: 'This is one of the most used passwords.',
  topHundred: 'This is one of the most used passwords.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is too close to a commonly used password.',
  userInputs: 'It contains your name, your e-mail address or the site’s name.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "6543" are easy to guess.',
  straightRow: 'Rows of keys on a keyboard are easy to guess.',
  keyPattern: 'Patterns of keys on a keyboard are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
};
const ADVICE = 'Use a longer password, such as a few unrelated words.';

let checker: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn with its dictionaries, loaded on first use and kept for the life of the process. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

const TOO_EASY = 'This password is too easy to guess.';

/**
 * Why `password` is too easy to guess for `owner` (name, e-mail), or null when it is strong
 * enough: first the rules the forms list beside the field (shared/passwords/rules.ts), then
 * zxcvbn with its dictionaries and the person's own words.
 */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  const broken = brokenPasswordRule(password, owner);
  if (broken) return `${TOO_EASY} ${broken.refusal}`;
  const zxcvbn = await loadChecker();
  const inputs = [...SITE_WORDS, ...personalWords(owner)];
  if (owner.email) inputs.push(owner.email.toLowerCase());
  const result = zxcvbn.check(password.slice(0, CHECKED_LENGTH), inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
  return `${TOO_EASY} ${warning ? `${warning} ` : ''}${ADVICE}`;
}

/** The body of the endpoints that set a password, as far as this check needs it. */
interface PasswordBody {
  password?: unknown;
  newPassword?: unknown;
  token?: unknown;
  email?: unknown;
  name?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Refuses weak passwords wherever one is set: sign-up, reset and change. A refusal is a 400
 * with the issue on the password field; a change of password ends the other sessions.
 */
export function passwordStrength(): BetterAuthPlugin {
  return {
    id: 'password-strength',
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path === '/sign-up/email' ||
            ctx.path === '/reset-password' ||
            ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as PasswordBody;
            const field = ctx.path === '/sign-up/email' ? 'password' : 'newPassword';
            const password = body[field];
            if (typeof password !== 'string') return;

            let person: PasswordOwner = {};
            if (ctx.path === '/sign-up/email') {
              person = { email: text(body.email), name: text(body.name) };
            } else if (ctx.path === '/reset-password' && typeof body.token === 'string') {
              const found = await ctx.context.internalAdapter.findVerificationValue(
                `reset-password:${body.token}`,
              );
              const owner = found
                ? await ctx.context.internalAdapter.findUserById(found.value)
                : null;
              if (owner) person = { email: owner.email, name: owner.name };
            } else if (ctx.path === '/change-password') {
              const session = await getSessionFromCtx(ctx);
              if (session) person = { email: session.user.email, name: session.user.name };
            }

            const weakness = await passwordWeakness(password, person);
            if (weakness) {
              throw new APIError('BAD_REQUEST', {
                message: weakness,
                code: 'WEAK_PASSWORD',
                issues: [{ path: field, message: weakness }],
              });
            }
            if (ctx.path === '/change-password') {
              return { context: { body: { ...body, revokeOtherSessions: true } } };
            }
          }),
        },
      ],
    },
  };
}
