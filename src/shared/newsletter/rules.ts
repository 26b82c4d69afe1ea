/** What the newsletter form and API say of an address that is not one. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
