import { useContext, useState } from 'react';
import {
  ALERT_CHANNELS,
  ALERT_EVERY_MINUTES,
  ALERT_FREQUENCIES,
  CHANNEL_LABELS,
  DIGEST_HOUR_UTC,
  FREQUENCY_LABELS,
  isDigest,
  type AlertChannel,
  type AlertFrequency,
} from '../../../../shared/alerts/rules.ts';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

/** What each frequency means, under the choice. */
function hint(frequency: AlertFrequency): string {
  switch (frequency) {
    case 'instant':
      return `As new tasks are posted, at most once every ${ALERT_EVERY_MINUTES} minutes.`;
    case 'daily':
      return `One e-mail a day at ${DIGEST_HOUR_UTC}:00 UTC with the new tasks of all your daily searches.`;
    case 'weekly':
      return `One e-mail on Mondays at ${DIGEST_HOUR_UTC}:00 UTC with the week’s new tasks.`;
    case 'paused':
      return 'Paused keeps the search without alerts.';
  }
}

/**
 * How a saved search alerts: the frequency (`frequency`) and where (`channels`, one field
 * each). Daily and Weekly are e-mail digests, so the e-mail box is then the only choice.
 */
export function AlertOptions({
  frequency: initialFrequency = 'instant',
  channels: initialChannels = ['in-app'],
  label,
}: {
  frequency?: AlertFrequency;
  channels?: AlertChannel[];
  /** Names the fields for one search among several ("for Logo design"). */
  label?: string;
}) {
  const [frequency, setFrequency] = useState(initialFrequency);
  const [channels, setChannels] = useState(initialChannels);
  // The server's word on the channels (none chosen, say) shows under them.
  const refusal = useContext(FieldErrorsContext).channels;
  const digest = isDigest(frequency);
  const shown: AlertChannel[] = digest ? ['email'] : channels;
  const toggle = (channel: AlertChannel, on: boolean) =>
    setChannels((now) => (on ? [...now, channel] : now.filter((c) => c !== channel)));
  return (
    <>
      <SelectField
        label={label ? `Alerts for ${label}` : 'Alerts'}
        name="frequency"
        value={frequency}
        onChange={(event) => setFrequency(event.target.value as AlertFrequency)}
        options={ALERT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
        hint={hint(frequency)}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Where</legend>
        {digest ? <input type="hidden" name="channels" value="email" /> : null}
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {ALERT_CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm checkbox-primary"
                name="channels"
                value={channel}
                checked={shown.includes(channel)}
                disabled={digest}
                onChange={(event) => toggle(channel, event.target.checked)}
              />
              {CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
        {digest ? (
          <p className="mt-1 text-xs text-base-content/70">
            Daily and weekly alerts come by e-mail.
          </p>
        ) : null}
        {refusal ? (
          <p role="alert" className="mt-1 text-sm text-error">
            {refusal.charAt(0).toUpperCase() + refusal.slice(1)}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
