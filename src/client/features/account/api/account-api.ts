import type { ProfileInput, PublicProfile } from '../../../../shared/profiles/schema.ts';
/**
 * The account settings and the unsubscribe page, over the one API client: better-auth's
 * password, e-mail and session endpoints under /api/auth, and our /api/account routes.
 */
import type { NotificationType } from '../../../../shared/notifications/rules.ts';
import type { NotificationPreferences } from '../../../../shared/notifications/schema.ts';
import type { SignInMethods } from '../../../../shared/users/schema.ts';
import { ApiError, apiRequest, apiUrl } from '../../../lib/api-client.ts';

/** One signed-in browser of mine, as better-auth lists it. */
export interface DeviceSession {
  id: string;
  /** What revokes it. */
  token: string;
  userAgent: string | null;
  createdAt: string;
  /** When the session was last refreshed (at most a day behind real use). */
  updatedAt: string;
  /** The session of this browser. */
  current: boolean;
}

export interface SessionList {
  sessions: DeviceSession[];
  /** The list needs a recent sign-in (better-auth's fresh session): shown as a sentence. */
  needsFreshSignIn: boolean;
}

export function fetchSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return apiRequest<SignInMethods>('/account', { signal });
}

/** My active sessions, this browser's first, then the most recently active. */
export async function fetchSessions(signal?: AbortSignal): Promise<SessionList> {
  try {
    const [list, mine] = await Promise.all([
      apiRequest<Omit<DeviceSession, 'current'>[]>('/auth/list-sessions', { signal }),
      apiRequest<{ session: { id: string } } | null>('/auth/get-session', { signal }),
    ]);
    const sessions = list
      .map((s) => ({ ...s, current: s.id === mine?.session.id }))
      .sort(
        (a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt),
      );
    return { sessions, needsFreshSignIn: false };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SESSION_NOT_FRESH')
      return { sessions: [], needsFreshSignIn: true };
    throw error;
  }
}

export async function revokeSession(token: string): Promise<void> {
  await apiRequest('/auth/revoke-session', { method: 'POST', body: { token } });
}

export async function revokeOtherSessions(): Promise<void> {
  await apiRequest('/auth/revoke-other-sessions', { method: 'POST', body: {} });
}

/** Every other session ends; this browser gets a new one. */
export async function changePassword(currentPassword: string, newPassword: string) {
  await apiRequest('/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  });
}

/**
 * A confirmation link goes to the new address; the account moves once it is opened. The
 * current password is required (an account without one: a recent sign-in).
 */
export async function changeEmail(newEmail: string, currentPassword?: string): Promise<void> {
  await apiRequest('/auth/change-email', {
    method: 'POST',
    body: { newEmail: newEmail.trim(), ...(currentPassword ? { currentPassword } : {}) },
  });
}

export function fetchNotificationPreferences(
  signal?: AbortSignal,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/account/notification-preferences', { signal });
}

export function setNotificationPreference(
  type: NotificationType,
  email: boolean,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/account/notification-preferences', {
    method: 'PUT',
    body: { [type]: email },
  });
}

/** "Download my data": the server answers with a JSON attachment. */
export const EXPORT_URL = apiUrl('/account/export');

/** Where a deleted account's browser lands: the home page, which says goodbye. */
export const ACCOUNT_DELETED_HOME = '/?account=deleted';

/** Needs the password, or (an account without one) a sign-in with Google in the last minutes. */
export async function deleteAccount(password: string | undefined): Promise<void> {
  await apiRequest('/account', { method: 'DELETE', body: password ? { password } : {} });
}

/** What an unsubscribe link from a mail is about. */
export interface UnsubscribeLink {
  type: NotificationType;
  label: string;
  /** Whether that type is still mailed. */
  email: boolean;
}

/** Reads the link without changing anything. */
export function fetchUnsubscribeLink(token: string, signal?: AbortSignal) {
  return apiRequest<UnsubscribeLink>('/unsubscribe', { query: { token }, signal });
}

export function unsubscribe(token: string): Promise<UnsubscribeLink> {
  return apiRequest<UnsubscribeLink>('/unsubscribe', { method: 'POST', query: { token } });
}

/**
 * My public profile's own words: headline, bio, skills, location (what /users/{id} shows,
 * and what moderation keeps from others, marked).
 */
export function fetchMyPublicProfile(signal?: AbortSignal) {
  return apiRequest<PublicProfile>('/profile', { signal });
}

export function updatePublicProfile(input: ProfileInput): Promise<PublicProfile> {
  return apiRequest<PublicProfile>('/profile', { method: 'PUT', body: input });
}
