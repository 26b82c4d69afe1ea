import { Lock } from 'lucide-react';
import { Form } from 'react-router';
import { PAYMENT_WORDS, TEST_CARDS } from '../../../../shared/payments/words.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

/**
 * The sandbox's card form: a card number (one of the test cards decides what happens), said
 * plainly to be test mode. Posts intent `pay` with `card`.
 */
export function SandboxCardForm({ busy, payLabel }: { busy: boolean; payLabel: string }) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <FormAlert tone="info">{PAYMENT_WORDS.testMode}</FormAlert>
      <input type="hidden" name="intent" value="pay" />
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
      <SubmitButton label={payLabel} busyLabel="Paying" icon={Lock} busy={busy} />
    </Form>
  );
}
