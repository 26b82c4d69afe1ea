import { TrendingDown } from 'lucide-react';
import { Form } from 'react-router';
import { PRICE_LIMITS } from '../../../../shared/payments/price-change.ts';
import { PRICE_WORDS, formatCents } from '../../../../shared/payments/words.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ReasonField } from './reason-field.tsx';

/**
 * An operator lowering a secured deal's price (intent `lower-price`): the new price in
 * dollars and a reason (the audit log keeps it); the difference goes back to the poster.
 */
export function LowerPriceForm({ price, busy }: { price: number; busy: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-4 border-t border-base-300 pt-4">
      <input type="hidden" name="intent" value="lower-price" />
      <h3 className="text-sm font-semibold">{PRICE_WORDS.lower}</h3>
      <InputField
        label={PRICE_WORDS.newPrice}
        name="price"
        type="number"
        required
        leading="$"
        min={PRICE_LIMITS.min / 100}
        max={(price - 1) / 100}
        step={0.01}
        inputMode="decimal"
        hint={`Now ${formatCents(price)}. ${PRICE_WORDS.lowerNote}`}
      />
      <ReasonField />
      <SubmitButton
        label={PRICE_WORDS.lower}
        busyLabel="Lowering the price"
        icon={TrendingDown}
        busy={busy}
        className="self-start"
      />
    </Form>
  );
}
