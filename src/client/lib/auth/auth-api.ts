/**
 * The account endpoints (better-auth under /api/auth, plus /api/config and the Google start
 * URL), called through the one API client. better-auth's `name`/`image` become the first version's
 * `displayName`/`photoURL` here, so the rest of the app only sees that user shape.
 */
import { isRole } from '../../../shared/operators/roles.ts';
import type { SessionUser } from '../../../shared/users/schema.ts';
import { apiRequest, apiUrl } from '../api-client.ts';

interface ServerUser {
  id: string;
  name?: string | null;
  email: string;
  image?: string | null;
  emailVerified?: boolean;
  /** better-auth's admin plugin's column: the account's role. */
  role?: string | null;
}

interface SessionResponse {
  user: ServerUser;
  session: { expiresAt: string; impersonatedBy?: string | null };
}

export function toSessionUser({ user, session }: SessionResponse): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.name ?? '',
    photoURL: user.image ? user.image : null,
    emailVerified: user.emailVerified === true,
    role: isRole(user.role) ? user.role : 'user',
    viewingUntil: session.impersonatedBy ? session.expiresAt : null,
  };
}

export async function fetchSession(): Promise<SessionUser | null> {
  const data = await apiRequest<SessionResponse | null>('/auth/get-session');
  return data?.user ? toSessionUser(data) : null;
}

/** Ends an admin's read-only view of someone's account: their own session comes back. */
export async function stopViewing(): Promise<void> {
  await apiRequest('/auth/admin/stop-impersonating', { method: 'POST', body: {} });
}

export interface SignUpFields {
  displayName: string;
  email: string;
  password: string;
  photoURL?: string;
}

export async function signUpWithEmail(fields: SignUpFields): Promise<void> {
  const photo = fields.photoURL?.trim();
  await apiRequest('/auth/sign-up/email', {
    method: 'POST',
    body: {
      name: fields.displayName.trim(),
      email: fields.email.trim(),
      password: fields.password,
      ...(photo ? { image: photo } : {}),
    },
  });
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await apiRequest('/auth/sign-in/email', {
    method: 'POST',
    body: { email: email.trim(), password },
  });
}

export async function signOutSession(): Promise<void> {
  await apiRequest('/auth/sign-out', { method: 'POST', body: {} });
}

/** "Send reset link": the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/auth/request-password-reset', {
    method: 'POST',
    body: { email: email.trim() },
  });
}

/** Sets a new password with the token from a reset link; the server signs the person in. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiRequest('/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

/** "Resend e-mail": another verification link to the address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiRequest('/auth/send-verification-email', { method: 'POST', body: { email } });
}

export interface ProfileFields {
  displayName?: string;
  /** An empty string removes the photo. */
  photoURL?: string;
}

export async function updateProfile(fields: ProfileFields): Promise<void> {
  const body: { name?: string; image?: string | null } = {};
  if (fields.displayName !== undefined) body.name = fields.displayName.trim();
  if (fields.photoURL !== undefined) body.image = fields.photoURL.trim() || null;
  await apiRequest('/auth/update-user', { method: 'POST', body });
}

export interface AuthConfig {
  googleEnabled: boolean;
}

export async function fetchAuthConfig(): Promise<AuthConfig> {
  const data = await apiRequest<Partial<AuthConfig> | undefined>('/config');
  return { googleEnabled: data?.googleEnabled === true };
}

/** Where Google sign-in starts, in a popup or as a full-page redirect back to `returnTo`. */
export function googleStartUrl(mode: 'popup' | 'redirect', returnTo: string): string {
  return apiUrl('/oauth/google/start', { mode, returnTo });
}
