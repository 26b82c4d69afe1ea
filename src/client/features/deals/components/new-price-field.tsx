import type { ComponentProps } from 'react';
import { PRICE_WORDS } from '../../../../shared/payments/words.ts';
import { InputField } from '../../../components/ui/input-field.tsx';

type NewPriceFieldProps = {
  /** The new price's bounds, in cents. */
  bounds: { min: number; max: number };
} & Pick<ComponentProps<typeof InputField>, 'hint' | 'value' | 'onChange'>;

/** A deal's new price in dollars and cents (`price`), within `bounds`. */
export function NewPriceField({ bounds, ...rest }: NewPriceFieldProps) {
  return (
    <InputField
      label={PRICE_WORDS.newPrice}
      name="price"
      type="number"
      required
      leading="$"
      min={bounds.min / 100}
      max={bounds.max / 100}
      step={0.01}
      inputMode="decimal"
      {...rest}
    />
  );
}
