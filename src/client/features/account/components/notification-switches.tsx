import { useId } from 'react';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../../shared/notification-types.ts';
import type { NotificationPreferences } from '../../../../shared/notifications.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

/** A switch per notification type: on, it also comes by e-mail. Each change saves at once. */
export function NotificationSwitches({ preferences }: { preferences: NotificationPreferences }) {
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {NOTIFICATION_TYPES.map((type) => (
        <NotificationSwitch key={type} type={type} on={preferences[type]} />
      ))}
    </ul>
  );
}

function NotificationSwitch({ type, on }: { type: NotificationType; on: boolean }) {
  const { fetcher, busy, failure } = useSettingsFetcher();
  const id = useId();
  // While it saves, the switch shows where it is going.
  const asked = fetcher.formData?.get('email');
  const checked = typeof asked === 'string' ? asked === 'true' : on;
  return (
    <li className="flex items-center gap-3 p-4">
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className="font-medium">{NOTIFICATION_TYPE_LABELS[type]}</span>
        {failure ? (
          <span role="alert" className="block text-sm text-error">
            {failure.message}
          </span>
        ) : null}
      </label>
      {busy ? <Spinner size="sm" label="Saving" /> : null}
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle toggle-primary"
        checked={checked}
        onChange={(event) =>
          void fetcher.submit(
            { intent: 'set-preference', type, email: String(event.target.checked) },
            { method: 'post' },
          )
        }
      />
    </li>
  );
}
