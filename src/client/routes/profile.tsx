import type { ReactNode } from 'react';
import { Link, redirectDocument, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOTIFICATION_TYPES, type NotificationType } from '../../shared/notification-types.ts';
import { attempt, intentAction, isFailure, unknownIntent } from '../lib/action-result.ts';
import { fetchAuthConfig, updateProfile } from '../lib/auth/auth-api.ts';
import { reloadSession } from '../lib/auth/session-store.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import {
  ACCOUNT_DELETED_HOME,
  changeEmail,
  changePassword,
  deleteAccount,
  fetchNotificationPreferences,
  fetchMyPublicProfile,
  fetchSessions,
  fetchSignInMethods,
  revokeOtherSessions,
  revokeSession,
  setNotificationPreference,
  updatePublicProfile,
} from '../features/account/api/account-api.ts';
import { ChangeEmailForm } from '../features/account/components/change-email-form.tsx';
import { ChangePasswordForm } from '../features/account/components/change-password-form.tsx';
import { DeleteAccount } from '../features/account/components/delete-account.tsx';
import { DownloadData } from '../features/account/components/download-data.tsx';
import {
  PublicProfileForm,
  SKILLS_SEPARATOR,
} from '../features/account/components/public-profile-form.tsx';
import { NotificationSwitches } from '../features/account/components/notification-switches.tsx';
import { SessionsList } from '../features/account/components/sessions-list.tsx';
import { SettingsSection } from '../features/account/components/settings-section.tsx';
import type { SettingsDone } from '../features/account/hooks/use-settings-fetcher.ts';
import { PROFILE_INTENT, ProfileForm } from '../features/auth/components/profile-form.tsx';
import { authFailure } from '../features/auth/lib/sign-in-action.ts';

/** Everything the settings show: how I sign in, my sessions, my e-mail settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = sessionUser(context);
  const [methods, sessions, preferences, publicProfile, config] = await Promise.all([
    fetchSignInMethods(request.signal),
    fetchSessions(request.signal),
    fetchNotificationPreferences(request.signal),
    fetchMyPublicProfile(me.id, request.signal),
    fetchAuthConfig().catch(() => ({ googleEnabled: false })),
  ]);
  return { methods, sessions, preferences, publicProfile, googleEnabled: config.googleEnabled };
}

/** A failure the form shows beside one field. */
function fieldFailure(path: string, message: string) {
  return { error: { message, code: 'VALIDATION_FAILED', issues: [{ path, message }] } };
}

/** What a settings form's action answers when it worked: the intent it did, and more. */
function done(intent: string, extra: Omit<SettingsDone, 'done'> = {}) {
  return { done: intent, ...extra } as SettingsDone;
}

/** Each settings form posts its `intent` here; a failure comes back as `{ error }`. */
export const action = intentAction({
  [PROFILE_INTENT]: ({ intent, text }) =>
    attempt(async () => {
      await updateProfile({ displayName: text('name'), photoURL: text('photoURL') });
      await reloadSession();
      return done(intent);
    }, authFailure),
  'change-password': async ({ intent, text }) => {
    if (text('newPassword') !== text('confirmPassword'))
      return fieldFailure('confirmPassword', 'The two new passwords are not the same.');
    const result = await attempt(async () => {
      await changePassword(text('currentPassword'), text('newPassword'));
      return done(intent);
    });
    if (isFailure(result) && result.error.code === 'INVALID_PASSWORD')
      return fieldFailure('currentPassword', 'That is not your current password.');
    return result;
  },
  'public-profile': async ({ intent, text }) => {
    await updatePublicProfile({
      headline: text('headline'),
      location: text('location'),
      bio: text('bio'),
      skills: text('skills')
        .split(SKILLS_SEPARATOR)
        .map((skill) => skill.trim())
        .filter(Boolean),
    });
    return done(intent);
  },
  'change-email': async ({ intent, text }) => {
    await changeEmail(text('newEmail'));
    return done(intent, { email: text('newEmail').trim() });
  },
  'revoke-session': async ({ intent, text }) => {
    await revokeSession(text('token'));
    return done(intent);
  },
  'revoke-other-sessions': async ({ intent }) => {
    await revokeOtherSessions();
    return done(intent);
  },
  'set-preference': async ({ intent, text }) => {
    const type = text('type') as NotificationType;
    if (!NOTIFICATION_TYPES.includes(type)) return unknownIntent(`${intent} ${type}`);
    await setNotificationPreference(type, text('email') === 'true');
    return done(intent);
  },
  'delete-account': async ({ text }) => {
    await deleteAccount(text('password') || undefined);
    // Signed out everywhere: a fresh page load forgets the session and says goodbye.
    return redirectDocument(ACCOUNT_DELETED_HOME);
  },
});

export { shouldRevalidate } from '../lib/action-result.ts';

/** The sections in order: the side menu and the headings both read from here. */
const SECTIONS = [
  { id: 'profile', title: 'Profile', description: 'How other TaskBid members see you.' },
  {
    id: 'public-profile',
    title: 'Public profile',
    description:
      'What everyone sees on your public profile, beside your name, your track record and your reviews. Never your e-mail address.',
  },
  {
    id: 'password',
    title: 'Change password',
    description:
      'Changing your password signs you out on every other device and browser; this one stays signed in.',
  },
  {
    id: 'email',
    title: 'Change e-mail',
    description: 'The address you sign in with and where we send your e-mails.',
  },
  {
    id: 'sessions',
    title: 'Active sessions',
    description: 'The browsers and devices where your account is signed in.',
  },
  {
    id: 'notifications',
    title: 'Notification preferences',
    description:
      'Choose which notifications also come by e-mail. Account e-mails (verification, password and address changes, deletion) always come.',
  },
  {
    id: 'data',
    title: 'Download my data',
    description:
      'A JSON file with your profile, your tasks, your bids, your notifications and your e-mail settings.',
  },
  {
    id: 'delete-account',
    title: 'Delete account',
    description: 'Danger zone: deleting your account cannot be undone.',
  },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

/** /profile (protected): the account settings, one section after another. */
export function Component() {
  const { user } = useAuth();
  const { methods, sessions, preferences, publicProfile, googleEnabled } =
    useLoaderData<typeof loader>();
  // The guard only renders this page for a signed-in user.
  if (!user) return null;
  const content: Record<SectionId, ReactNode> = {
    profile: <ProfileForm user={user} />,
    'public-profile': <PublicProfileForm profile={publicProfile} />,
    password: methods.hasPassword ? (
      <ChangePasswordForm />
    ) : (
      <p className="text-sm">
        You sign in with Google, so your account has no password yet. To set one, sign out and use{' '}
        <Link to="/forgot-password" className="link link-primary">
          Forgot password?
        </Link>{' '}
        on the sign-in page: we e-mail you a link.
      </p>
    ),
    email: <ChangeEmailForm currentEmail={user.email} />,
    sessions: <SessionsList list={sessions} />,
    notifications: <NotificationSwitches preferences={preferences} />,
    data: <DownloadData />,
    'delete-account': (
      <DeleteAccount hasPassword={methods.hasPassword} googleEnabled={googleEnabled} />
    ),
  };
  return (
    <div className="page-container py-8 sm:py-12">
      <title>Profile Settings · TaskBid</title>
      <div className="mx-auto max-w-5xl">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile Settings</h1>
        <p className="mt-1 text-base-content/75">
          Your profile, how you sign in, and what we send you.
        </p>
        <div className="mt-8 grid gap-8 lg:grid-cols-[13rem_1fr]">
          <nav aria-label="Settings sections" className="hidden lg:block">
            <ul className="menu sticky top-24 w-full gap-1 p-0">
              {SECTIONS.map(({ id, title }) => (
                <li key={id}>
                  <a href={`#${id}`}>{title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex min-w-0 flex-col gap-6">
            {SECTIONS.map(({ id, title, description }) => (
              <SettingsSection
                key={id}
                id={id}
                title={title}
                description={description}
                tone={id === 'delete-account' ? 'danger' : 'normal'}
              >
                {content[id]}
              </SettingsSection>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
