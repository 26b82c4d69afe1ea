import { Landmark } from 'lucide-react';
import { Form } from 'react-router';
import { PAYEE_WORDS } from '../../../../shared/payments/words.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import type { PayeeStatus } from '../api/deals-api.ts';

/** The payout account's status and, until it is active, "Set up payouts" (intent `payouts`). */
export function PayoutSetup({ status, busy }: { status: PayeeStatus; busy: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone={status === 'active' ? 'success' : 'info'}>
        <span className="font-semibold">Payouts: </span>
        {PAYEE_WORDS[status]}
      </FormAlert>
      {status !== 'active' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="payouts" />
          <SubmitButton
            label={status === 'pending' ? 'Continue payout set-up' : 'Set up payouts'}
            busyLabel="Setting up payouts"
            icon={Landmark}
            busy={busy}
          />
        </Form>
      ) : null}
    </div>
  );
}
