import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from '../../shared/payments/fees.ts';
import { ApiError, apiRequest } from './api-client.ts';

/** How this server takes payments: `off` when payment protection is not turned on. */
export interface PaymentsConfig {
  mode: 'off' | 'sandbox' | 'stripe';
  publishableKey: string | null;
  /** The schedule in force, to show the same quote the server will charge. */
  feeSchedule: FeeSchedule | null;
}

const OFF: PaymentsConfig = { mode: 'off', publishableKey: null, feeSchedule: null };

let asked: Promise<PaymentsConfig> | null = null;

/**
 * The server's payment settings, asked once per page load (they change only with a restart).
 * With payments off the server says `mode: 'off'` (an older server has no such route: its 404
 * means `off` too).
 */
export function paymentsConfig(): Promise<PaymentsConfig> {
  asked ??= apiRequest<Partial<PaymentsConfig> & { provider?: string }>('/payments/config').then(
    (answer) => {
      const mode = answer.mode ?? (answer.provider === 'stripe' ? 'stripe' : 'sandbox');
      if (mode === 'off') return OFF;
      // A server that does not name its schedule charges by the default one.
      const feeSchedule = answer.feeSchedule ?? DEFAULT_FEE_SCHEDULE;
      return { mode, publishableKey: answer.publishableKey ?? null, feeSchedule };
    },
    (error: unknown) => {
      // A 404 is the answer (off); any other failure is asked again next time.
      if (!(error instanceof ApiError && error.status === 404)) asked = null;
      return OFF;
    },
  );
  return asked;
}
