import { Check } from 'lucide-react';
import { useId } from 'react';
import {
  NOTIFICATION_TYPE_HINTS,
  NOTIFICATION_TYPE_LABELS,
  MAILED_NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../../shared/notifications/rules.ts';
import type { NotificationPreferences } from '../../../../shared/notifications/schema.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

/**
 * A switch per notification type: on, it also comes by e-mail. Each change saves at once and
 * then says "Saved" beside its switch (read out politely).
 */
export function NotificationSwitches({ preferences }: { preferences: NotificationPreferences }) {
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {MAILED_NOTIFICATION_TYPES.map((type) => (
        <NotificationSwitch key={type} type={type} on={preferences[type]} />
      ))}
    </ul>
  );
}

function NotificationSwitch({ type, on }: { type: NotificationType; on: boolean }) {
  const { fetcher, busy, failure, done } = useSettingsFetcher();
  const id = useId();
  const hint = NOTIFICATION_TYPE_HINTS[type];
  // While it saves, the switch shows where it is going.
  const asked = fetcher.formData?.get('email');
  const checked = typeof asked === 'string' ? asked === 'true' : on;
  return (
    <li className="flex items-center gap-3 p-4">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer">
          <span className="font-medium">{NOTIFICATION_TYPE_LABELS[type]}</span>
          {failure ? (
            <span role="alert" className="block text-sm text-error">
              {failure.message}
            </span>
          ) : null}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className="block text-sm text-base-content/75">
            {hint}
          </span>
        ) : null}
        <span aria-live="polite" className="block text-sm text-base-content/75">
          {done ? (
            <span className="inline-flex items-center gap-1">
              <Check className="size-4" aria-hidden="true" />
              Saved
            </span>
          ) : null}
        </span>
      </div>
      {busy ? <Spinner size="sm" label="Saving" /> : null}
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={hint ? `${id}-hint` : undefined}
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
