import { z } from 'zod';
import { ACCOUNT_LIMITS, patternRegExp } from '../limits.ts';
import { isPublicUrl } from '../public-url.ts';
import { isOwnPhotoPath } from '../photos/rules.ts';
import type { Role } from '../operators/roles.ts';

const { name, email, password, photoUrl: photo } = ACCOUNT_LIMITS;

/** Every visitor of a public profile is sent to it: the rule of task images (public-url.ts). */
const NOT_A_PHOTO_URL =
  'Photo URL must be a public https:// address, without a user name or password';
const photoUrl = z
  .url({ protocol: /^https$/, message: NOT_A_PHOTO_URL, abort: true })
  .max(photo.maxLength)
  .regex(patternRegExp(photo.pattern), NOT_A_PHOTO_URL)
  .refine(isPublicUrl, NOT_A_PHOTO_URL);
/** A photo uploaded here (its address on this site, `/api/photos/{id}`). */
const uploadedPhoto = z.string().refine(isOwnPhotoPath, NOT_A_PHOTO_URL);
/** A photo URL, an uploaded photo, or '' for none; any refusal says what a photo URL must be. */
const photoOrNothing = z.union([z.literal(''), uploadedPhoto, photoUrl], {
  error: NOT_A_PHOTO_URL,
});

export const displayName = z.string().trim().min(1, 'Name is required').max(name.maxLength);

/** What the sign-up form sends (better-auth stores the photo URL as `image`). */
export const signUpSchema = z.object({
  name: displayName,
  email: z.email().max(email.maxLength),
  password: z.string().min(password.minLength).max(password.maxLength),
  image: photoOrNothing.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What the profile form sends: display name and photo URL ('' removes the photo). */
export const updateProfileSchema = z.object({
  name: displayName.optional(),
  image: photoOrNothing.nullable().optional(),
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

/**
 * "Change e-mail": the account moves once the new address confirms. The current password is
 * required where the account has one (without one, a sign-in in the last few minutes).
 */
export const changeEmailSchema = z.object({
  newEmail: z.email().max(email.maxLength),
  currentPassword: z.string().min(1).max(password.maxLength).optional(),
});

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
  /** `user` for members; an operator role opens the console at /admin. */
  role: Role;
  /** Until when an admin views the app as this person, read-only (null: it is their own session). */
  viewingUntil: string | null;
}
