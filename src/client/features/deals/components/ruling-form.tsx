import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { formatCents } from '../../../../shared/payments/words.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ReasonField } from './reason-field.tsx';

/**
 * The two decisions of the same shape: a ruling on a dispute (over the price), and the
 * settlement of a payment a refund at the card processor left short (over what it holds).
 */
const DECISIONS = {
  rule: {
    legend: 'Ruling',
    outcomes: {
      release: 'Release all to the worker',
      refund: 'Refund all to the poster',
      split: 'Split: part of the price to the worker',
    },
    share: "Worker's share of the price ($)",
    hint: (limit: number) =>
      `Less than the price, ${formatCents(limit)}. The rest goes back to the poster.`,
    button: ['Rule', 'Ruling'],
  },
  settle: {
    legend: 'Settle what the payment holds',
    outcomes: {
      release: 'Pay the worker what it holds',
      refund: 'Refund what it holds to the poster',
      split: 'Split: part of it to the worker',
    },
    share: "Worker's share ($)",
    hint: (limit: number) =>
      `Less than ${formatCents(limit)}, what it holds less the booking fee. The rest goes back to the poster.`,
    button: ['Settle', 'Settling'],
  },
} as const;

/**
 * An operator's ruling on a dispute (intent `rule`) or settlement of a short payment (intent
 * `settle`): all to the worker, all back to the poster, or the worker's share in dollars,
 * below `limit` cents (the price; what a short payment holds less the booking fee); always
 * with a reason (the audit log keeps it). A settlement too small to pay the worker offers
 * the refund alone.
 */
export function RulingForm({
  intent,
  limit,
  busy,
}: {
  intent: keyof typeof DECISIONS;
  limit: number;
  busy: boolean;
}) {
  const words = DECISIONS[intent];
  const outcomes = (['release', 'refund', 'split'] as const).filter(
    (o) => o === 'refund' || (o === 'release' ? limit >= 1 : limit >= 2),
  );
  const [outcome, setOutcome] = useState<string>(outcomes[0]!);
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{words.legend}</legend>
        {outcomes.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="outcome"
              value={value}
              className="radio radio-sm"
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />
            {words.outcomes[value]}
          </label>
        ))}
      </fieldset>
      {outcome === 'split' ? (
        <InputField
          label={words.share}
          name="share"
          type="number"
          required
          min={0.01}
          max={(limit - 1) / 100}
          step={0.01}
          inputMode="decimal"
          hint={words.hint(limit)}
        />
      ) : null}
      <ReasonField />
      <SubmitButton
        label={words.button[0]}
        busyLabel={words.button[1]}
        icon={Gavel}
        busy={busy}
        className="self-start"
      />
    </Form>
  );
}
