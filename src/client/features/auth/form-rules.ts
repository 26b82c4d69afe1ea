import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants.ts';

/** The password rule, shown under the sign-up password field. */
export const PASSWORD_RULE = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
/** Photo URLs: http(s) addresses only (the server checks the same). */
export const PHOTO_URL_PATTERN = 'https?://.+';
export const PHOTO_URL_HINT = 'A link to a picture of you; without one we show your first letter.';
export const NAME_MAX = 100;
