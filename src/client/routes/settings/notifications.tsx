import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  MAILED_NOTIFICATION_TYPES,
  type MailedNotificationType,
} from '../../../shared/notifications/rules.ts';
import { intentAction, unknownIntent } from '../../lib/action-result.ts';
import {
  fetchNotificationPreferences,
  setNotificationPreference,
} from '../../features/account/api/account-api.ts';
import { NotificationSwitches } from '../../features/account/components/notification-switches.tsx';
import { settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'Choose which notifications also come by e-mail. New messages show in the Messages count rather than the bell. Account e-mails (verification, password and address changes, deletion) always come.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { preferences: await fetchNotificationPreferences(request.signal) };
}

export const action = intentAction({
  'set-preference': async ({ intent, text }) => {
    const type = text('type') as MailedNotificationType;
    if (!MAILED_NOTIFICATION_TYPES.includes(type)) return unknownIntent(`${intent} ${type}`);
    await setNotificationPreference(type, text('email') === 'true');
    return settingsDone(intent);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/notifications: a switch per kind of notification, saved at once. */
export function Component() {
  const { preferences } = useLoaderData<typeof loader>();
  return <NotificationSwitches preferences={preferences} />;
}
