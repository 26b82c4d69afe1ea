import { ALERT_CHANNELS, ALERT_FREQUENCIES } from '../../../../shared/alerts/rules.ts';

/**
 * The frequency and channels a form of `AlertOptions` sent; anything unknown is left out
 * (the server then answers for the field).
 */
export function readAlertOptions(form: FormData) {
  const frequency = ALERT_FREQUENCIES.find((f) => f === form.get('frequency'));
  const sent = form.getAll('channels');
  const channels = ALERT_CHANNELS.filter((c) => sent.includes(c));
  return { frequency, channels };
}
