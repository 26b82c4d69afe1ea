/**
 * What a page says when the link from an account mail cannot be used. The server checks the
 * link and sends the browser on with `?error=TOKEN_EXPIRED | TOKEN_USED | INVALID_TOKEN`
 * (anything else, or no token at all, reads as not valid), or for a new address
 * `EMAIL_TAKEN`.
 */
export type LinkProblem = 'expired' | 'used' | 'invalid';

export function linkProblem(code: string | null): LinkProblem {
  if (code === 'TOKEN_EXPIRED') return 'expired';
  if (code === 'TOKEN_USED') return 'used';
  return 'invalid';
}

/** A confirmation of a new address can also find the address taken by another account. */
export type VerifyLinkProblem = LinkProblem | 'taken';

export function verifyLinkProblem(code: string | null): VerifyLinkProblem {
  return code === 'EMAIL_TAKEN' ? 'taken' : linkProblem(code);
}

interface ProblemText {
  title: string;
  text: string;
}

export const RESET_LINK_PROBLEMS: Record<LinkProblem, ProblemText> = {
  expired: {
    title: 'This reset link has expired',
    text: 'A link to reset your password works for one hour. Ask for a new one and use it within the hour.',
  },
  used: {
    title: 'This reset link was already used',
    text: 'Each link works once. If you still need a new password, ask for another link.',
  },
  invalid: {
    title: 'This reset link is not valid',
    text: 'It may be incomplete, out of date, or already used (each link works once). Ask for a new one.',
  },
};

export const VERIFY_LINK_PROBLEMS: Record<VerifyLinkProblem, ProblemText> = {
  taken: {
    title: 'This address now belongs to another account',
    text: 'Someone signed up with it after you asked to move to it, so your account keeps its current address. You can choose another one in your settings.',
  },
  expired: {
    title: 'This verification link has expired',
    text: 'A verification link works for 24 hours. We can send you a new one.',
  },
  used: {
    title: 'This verification link was already used',
    text: 'Each link works once. Your address may already be verified.',
  },
  invalid: {
    title: 'This verification link is not valid',
    text: 'It may be incomplete or out of date. We can send you a new one.',
  },
};
