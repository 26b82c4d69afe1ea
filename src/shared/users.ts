import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

const photoUrl = z
  .url({ protocol: /^https?$/, message: 'Photo URL must be an http(s) address' })
  .max(2048);

export const displayName = z.string().trim().min(1, 'Name is required').max(100);

/** What the sign-up form sends (better-auth stores the photo URL as `image`). */
export const signUpSchema = z.object({
  name: displayName,
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  image: photoUrl.or(z.literal('')).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What the profile form sends: display name and photo URL ('' removes the photo). */
export const updateProfileSchema = z.object({
  name: displayName.optional(),
  image: photoUrl.or(z.literal('')).nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The signed-in user as the client sees it (email, displayName, photoURL: the first version's shape). */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
}
