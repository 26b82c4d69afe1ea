import type { FeeSchedule } from '../../shared/payments/fees.ts';
import type { PaymentsConfigView } from '../../shared/payments/schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * How this server takes payments: `off` when payment protection is not turned on (then no
 * schedule: nothing shows a fee).
 */
export interface PaymentsConfig {
  mode: PaymentsConfigView['mode'];
  publishableKey: string | null;
  /** The schedule in force, to show the same quote the server will charge. */
  feeSchedule: FeeSchedule | null;
}

const OFF: PaymentsConfig = { mode: 'off', publishableKey: null, feeSchedule: null };

let asked: Promise<PaymentsConfig> | null = null;

/**
 * The server's payment settings, asked once per page load (they change only with a restart).
 * With payments off the server says `mode: 'off'`; a failure to ask counts as off for this
 * screen and is asked again on the next.
 */
export function paymentsConfig(): Promise<PaymentsConfig> {
  asked ??= apiRequest<PaymentsConfigView>('/payments/config').then(
    ({ mode, publishableKey, feeSchedule }) =>
      mode === 'off' ? OFF : { mode, publishableKey, feeSchedule },
    () => {
      asked = null;
      return OFF;
    },
  );
  return asked;
}
