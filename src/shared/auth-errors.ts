import { ACCOUNT_LIMITS } from './limits.ts';

const { password } = ACCOUNT_LIMITS;

/**
 * Every way signing in or up can fail, as a stable code and a sentence a person can act on.
 * Server answers (better-auth codes, HTTP statuses) and browser failures (popup blocked,
 * network down) all map here, so the UI shows one wording for one problem.
 */
export const AUTH_ERRORS = {
  'invalid-credentials':
    'That e-mail and password do not match an account. Check them and try again.',
  'email-already-used':
    'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
  'weak-password': `Your password must be ${password.minLength} to ${password.maxLength} characters long.`,
  'invalid-email': 'Please enter a valid e-mail address.',
  'invalid-details': 'Some details are not valid. Check the highlighted fields and try again.',
  'too-many-attempts': 'Too many attempts. Wait a minute, then try again.',
  'network-request-failed': 'We could not reach TaskBid. Check your connection and try again.',
  'popup-blocked':
    'Your browser blocked the sign-in window. We are taking you to Google in this tab instead.',
  'popup-closed': 'The sign-in window was closed before signing in finished.',
  'unauthorized-domain':
    'Google sign-in is not allowed from this address. Please use the official TaskBid site.',
  'invalid-api-key':
    'Google sign-in is not set up correctly. Please sign in with your e-mail and password.',
  'auth-domain-config-required':
    'Google sign-in is not set up correctly. Please sign in with your e-mail and password.',
  'invalid-auth-event': 'Google sign-in did not complete. Please try again.',
  'provider-unavailable':
    'Google sign-in is not available right now. Please sign in with your e-mail and password.',
  'session-expired': 'Your session has expired. Please sign in again.',
  'account-suspended':
    'This account is suspended. The e-mail we sent you says why, until when, and how to appeal.',
  'internal-error': 'Something went wrong on our side. Please try again in a moment.',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/** better-auth's error codes (and a few of our own server codes) mapped to ours. */
const SERVER_CODES: Record<string, AuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credentials',
  INVALID_PASSWORD: 'invalid-credentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid-credentials',
  USER_NOT_FOUND: 'invalid-credentials',
  USER_ALREADY_EXISTS: 'email-already-used',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-used',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  WEAK_PASSWORD: 'invalid-details',
  INVALID_EMAIL: 'invalid-email',
  VALIDATION_ERROR: 'invalid-details',
  VALIDATION_FAILED: 'invalid-details',
  TOO_MANY_REQUESTS: 'too-many-attempts',
  PROVIDER_NOT_FOUND: 'provider-unavailable',
  INVALID_ORIGIN: 'unauthorized-domain',
  INVALID_CALLBACK_URL: 'unauthorized-domain',
  MISSING_OR_NULL_ORIGIN: 'unauthorized-domain',
  SESSION_EXPIRED: 'session-expired',
  BANNED_USER: 'account-suspended',
  FAILED_TO_GET_USER_INFO: 'invalid-auth-event',
  please_restart_the_process: 'invalid-auth-event',
  state_mismatch: 'invalid-auth-event',
  invalid_code: 'invalid-auth-event',
  oauth_provider_not_found: 'provider-unavailable',
};

/** The stable code for a failure: a server code, an HTTP status, or one of ours passed through. */
export function toAuthErrorCode(failure: { code?: string | null; status?: number }): AuthErrorCode {
  const code = failure.code ?? '';
  if (code in AUTH_ERRORS) return code as AuthErrorCode;
  const mapped = SERVER_CODES[code];
  if (mapped) return mapped;
  if (failure.status === 429) return 'too-many-attempts';
  if (failure.status === 401) return 'invalid-credentials';
  if (failure.status === 0) return 'network-request-failed';
  return 'internal-error';
}

/** The sentence to show for a failure. */
export function authErrorMessage(failure: { code?: string | null; status?: number }): string {
  return AUTH_ERRORS[toAuthErrorCode(failure)];
}
