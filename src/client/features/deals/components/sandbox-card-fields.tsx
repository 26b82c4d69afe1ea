import { PAYMENT_WORDS, TEST_CARDS } from '../../../../shared/payments/words.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';

/**
 * The sandbox's card fields: a card number (`card`; one of the test cards decides what
 * happens) and the test cards listed, said plainly to be test mode.
 */
export function SandboxCardFields() {
  return (
    <>
      <FormAlert tone="info">{PAYMENT_WORDS.testMode}</FormAlert>
      <InputField
        label={PAYMENT_WORDS.cardNumber}
        name="card"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="4242 4242 4242 4242"
        pattern="[0-9 \-]{12,23}"
        maxLength={23}
      />
      <div className="text-sm">
        <p className="font-medium">Test cards</p>
        <ul className="mt-1 flex flex-col gap-0.5 text-base-content/75">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
