import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { formatCents } from '../../../../shared/payments/words.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ReasonField } from './reason-field.tsx';

const OUTCOMES = [
  { value: 'release', label: 'Release all to the worker' },
  { value: 'refund', label: 'Refund all to the poster' },
  { value: 'split', label: 'Split: part of the price to the worker' },
] as const;

/**
 * An operator's ruling on a dispute (intent `rule`): release all, refund all, or the
 * worker's share of the price in dollars; always with a reason (the audit log keeps it).
 */
export function RulingForm({ price, busy }: { price: number; busy: boolean }) {
  const [outcome, setOutcome] = useState<string>('release');
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="rule" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Ruling</legend>
        {OUTCOMES.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="outcome"
              value={option.value}
              className="radio radio-sm"
              checked={outcome === option.value}
              onChange={() => setOutcome(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {outcome === 'split' ? (
        <InputField
          label="Worker's share of the price ($)"
          name="share"
          type="number"
          required
          min={0.01}
          max={(price - 1) / 100}
          step={0.01}
          inputMode="decimal"
          hint={`Less than the price, ${formatCents(price)}. The rest goes back to the poster.`}
        />
      ) : null}
      <ReasonField />
      <SubmitButton
        label="Rule"
        busyLabel="Ruling"
        icon={Gavel}
        busy={busy}
        className="self-start"
      />
    </Form>
  );
}
