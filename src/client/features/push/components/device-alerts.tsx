import { BellOff, BellRing } from 'lucide-react';
import { useFetcher } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';
import type { DeviceAlertState } from '../lib/push-device.ts';

const SAYS: Record<DeviceAlertState, string> = {
  unsupported: 'This browser cannot show alerts from TaskBid.',
  denied:
    'Notifications are blocked for TaskBid in this browser. Allow them in the site settings to get alerts here.',
  off: 'Searches set to alert “On my devices” can also show a notification on this device.',
  on: 'This device shows a notification when a search set to alert “On my devices” finds new tasks.',
};

/**
 * Push alerts in this browser: turning them on posts intent `device-alerts-on` (the action
 * asks for permission, registers the service worker and subscribes), off `device-alerts-off`.
 */
export function DeviceAlerts({ state }: { state: DeviceAlertState }) {
  const fetcher = useFetcher<object>();
  const busy = isSubmitting(fetcher);
  const failure = fetcher.state === 'idle' && isFailure(fetcher.data) ? fetcher.data.error : null;
  const on = state === 'on';
  return (
    <section
      aria-labelledby="device-alerts-title"
      className="mb-6 flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 id="device-alerts-title" className="font-medium">
        This device
      </h3>
      <p className="text-sm text-base-content/75">{SAYS[state]}</p>
      {state === 'off' || on ? (
        <fetcher.Form method="post">
          <input
            type="hidden"
            name="intent"
            value={on ? 'device-alerts-off' : 'device-alerts-on'}
          />
          <SubmitButton
            busy={busy}
            label={on ? 'Turn off alerts on this device' : 'Turn on alerts on this device'}
            busyLabel={
              on ? 'Turning alerts off on this device' : 'Turning alerts on on this device'
            }
            icon={on ? BellOff : BellRing}
            className={on ? 'btn-outline btn-sm' : 'btn-sm'}
          />
        </fetcher.Form>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure.message}
        </p>
      ) : null}
    </section>
  );
}
