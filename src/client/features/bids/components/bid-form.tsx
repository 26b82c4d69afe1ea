import { Send } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import type { FeeSchedule } from '../../../../shared/payments/fees.ts';
import { useFeeModules, type FeeModules } from '../../../lib/use-fee-modules.ts';
import { Form } from 'react-router';
import { earliestToday } from '../../../../shared/lifecycle.ts';
import { BID_LIMITS } from '../../../../shared/limits.ts';
import type { ErrorIssue } from '../../../../shared/errors.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';

interface BidFormProps {
  submitting: boolean;
  /** The server's issues with the fields it refused, shown beside them. */
  issues?: readonly ErrorIssue[];
  formRef?: Ref<HTMLFormElement>;
  /** Said under the heading (e.g. that a bid changes the offer the bidder already has). */
  note?: string;
  /** The server's caution about contact or payment details in the bid just sent. */
  warning?: string;
  /** The fees in force when payment protection is on: the form shows what the bidder nets. */
  schedule?: FeeSchedule | null;
}

/** "You receive $X after fees" for a typed amount in dollars, or nothing for no valid amount. */
function netOf(
  amount: string,
  schedule: FeeSchedule | null | undefined,
  modules: FeeModules | null,
): string | null {
  const dollars = Number(amount);
  if (!schedule || !modules || amount.trim() === '' || !(dollars >= 0.01)) return null;
  const { fees, words } = modules;
  try {
    const cents = words.toCents(dollars);
    const net = fees.quote({ amount: cents, currency: schedule.currency }, schedule).totals;
    return words.PAYMENT_WORDS.workerNet(words.formatCents(net.workerReceives));
  } catch {
    return null;
  }
}

/** `Place Your Bid`: amount and deadline within `BID_LIMITS`, optional message. */
export function BidForm({ submitting, issues, formRef, note, warning, schedule }: BidFormProps) {
  const errors = useFieldErrors(issues);
  const [amount, setAmount] = useState('');
  const net = netOf(amount, schedule, useFeeModules(schedule));
  const titleId = useId();
  return (
    <FieldErrorsContext value={errors}>
      <Form
        method="post"
        ref={formRef}
        preventScrollReset
        className="flex flex-col gap-4"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Place Your Bid
        </h2>
        {note ? <p className="-mt-2 text-sm text-base-content/75">{note}</p> : null}
        <input type="hidden" name="intent" value="bid" />
        <InputField
          label="Your Bid Amount ($)"
          name="amount"
          type="number"
          required
          {...BID_LIMITS.amount}
          inputMode="decimal"
          placeholder="e.g. 250"
          onInput={schedule ? (event) => setAmount(event.currentTarget.value) : undefined}
          hint={net ?? undefined}
        />
        <InputField
          label="Completion Deadline"
          name="deadline"
          type="date"
          required
          {...BID_LIMITS.deadline}
          min={earliestToday()}
        />
        <TextareaField
          label="Message"
          note="(optional)"
          name="message"
          rows={3}
          {...BID_LIMITS.message}
          placeholder="Why are you a good fit for this task?"
        />
        {warning ? <FormAlert tone="info">{warning}</FormAlert> : null}
        <SubmitButton busy={submitting} busyLabel="Submitting" icon={Send} label="Submit Bid" />
      </Form>
    </FieldErrorsContext>
  );
}
