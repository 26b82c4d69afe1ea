import { z } from 'zod';
import { ACCOUNT_LIMITS, patternRegExp } from './limits.ts';

const { name, email, password, photoUrl: photo } = ACCOUNT_LIMITS;

const NOT_A_PHOTO_URL = 'Photo URL must be an http(s) address';
const photoUrl = z
  .url({ protocol: /^https?$/, message: NOT_A_PHOTO_URL, abort: true })
  .max(photo.maxLength)
  .regex(patternRegExp(photo.pattern), NOT_A_PHOTO_URL);

export const displayName = z.string().trim().min(1, 'Name is required').max(name.maxLength);

/** What the sign-up form sends (better-auth stores the photo URL as `image`). */
export const signUpSchema = z.object({
  name: displayName,
  email: z.email().max(email.maxLength),
  password: z.string().min(password.minLength).max(password.maxLength),
  image: photoUrl.or(z.literal('')).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What the profile form sends: display name and photo URL ('' removes the photo). */
export const updateProfileSchema = z.object({
  name: displayName.optional(),
  image: photoUrl.or(z.literal('')).nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** "Send reset link" and "Resend e-mail": only the address (where links lead is the server's). */
export const emailOnlySchema = z.object({ email: z.email().max(email.maxLength) });

/** A new password chosen with the token from a reset link. */
export const newPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: z.string().min(password.minLength).max(password.maxLength),
});

/** "Change password": the current one, and the new one (other sessions always end). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(password.maxLength),
  newPassword: z.string().min(password.minLength).max(password.maxLength),
});

/** "Change e-mail": the account moves once the new address confirms. */
export const changeEmailSchema = z.object({ newEmail: z.email().max(email.maxLength) });

/** How the account signs in: without a password (Google only) some settings work differently. */
export const signInMethodsSchema = z.object({ hasPassword: z.boolean() });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** "Delete account": the password (an account without one signs in with Google again first). */
export const deleteAccountSchema = z.object({
  password: z.string().min(1).max(password.maxLength).optional(),
});

/** The signed-in user as the client sees it (email, displayName, photoURL: the first version's shape). */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  /** Whether the address was confirmed from its mail (until then a banner asks for it). */
  emailVerified: boolean;
}
