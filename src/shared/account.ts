/**
 * The web app's pages that links in account mails land on. better-auth checks each token
 * and then redirects here: with `?token=…` to choose a new password, or with
 * `?error=INVALID_TOKEN | TOKEN_EXPIRED | TOKEN_USED` when the link cannot be used.
 */
export const ACCOUNT_PAGES = {
  emailVerified: '/email-verified',
  resetPassword: '/reset-password',
} as const;

/** Verification links work for a day, password reset links for an hour. */
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 60 * 60;

/** An account without a password (Google only) is deleted only after a sign-in this recent. */
export const DELETE_FRESH_SIGN_IN_MINUTES = 10;

/** What a deleted account's name becomes wherever its agreed work still shows. */
export const DELETED_USER_NAME = 'Deleted user';

/** The reserved domain (never mailed) a deleted account's address moves to. */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** A session lasts this many days from its last use (used, it is renewed once a day). */
export const SESSION_DAYS = 30;

/** Mail that was sent (or could not be) is kept this many days, to look into, then removed. */
export const SENT_MAIL_KEPT_DAYS = 30;
