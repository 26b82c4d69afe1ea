import { ThumbsDown, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Form } from 'react-router';
import { PRICE_LIMITS } from '../../../../shared/payments/price-change.ts';
import { PRICE_WORDS, formatCents } from '../../../../shared/payments/words.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { NewPriceField } from './new-price-field.tsx';
import { ReasonField } from './reason-field.tsx';

interface PriceFormProps {
  action: 'lower' | 'ask-increase' | 'decline-increase';
  title: string;
  note: string;
  /** The new price's bounds in cents; none for a step without a price (declining). */
  bounds?: { min: number; max: number };
  busyLabel: string;
  icon: LucideIcon;
  busy: boolean;
}

/** One operator price step (intent `price`): its new price when it has one, and a reason. */
function PriceForm({ action, title, note, bounds, busyLabel, icon, busy }: PriceFormProps) {
  const heading = useId();
  return (
    <Form
      method="post"
      aria-labelledby={heading}
      className="flex flex-col gap-4 border-t border-base-300 pt-4"
    >
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="action" value={action} />
      <h3 id={heading} className="text-sm font-semibold">
        {title}
      </h3>
      {bounds ? (
        <NewPriceField bounds={bounds} hint={note} />
      ) : (
        <p className="text-sm text-base-content/75">{note}</p>
      )}
      <ReasonField />
      <SubmitButton
        label={title}
        busyLabel={busyLabel}
        icon={icon}
        busy={busy}
        className="self-start"
      />
    </Form>
  );
}

/**
 * An operator's price steps on a secured deal, always with a reason (the audit log keeps
 * it): lower the price (the difference goes back to the poster), and the sides' steps taken
 * for them: ask for more for the worker, or decline the worker's waiting ask for the poster.
 */
export function OperatorPriceForms({
  price,
  requestedPrice,
  busy,
}: {
  price: number;
  requestedPrice: number | null;
  busy: boolean;
}) {
  const now = `Now ${formatCents(price)}.`;
  return (
    <>
      {requestedPrice === null ? (
        <PriceForm
          action="ask-increase"
          title={PRICE_WORDS.askForWorker}
          note={`${now} ${PRICE_WORDS.askForWorkerNote}`}
          bounds={{ min: price + 1, max: PRICE_LIMITS.max }}
          busyLabel="Asking for more"
          icon={TrendingUp}
          busy={busy}
        />
      ) : (
        <PriceForm
          action="decline-increase"
          title={PRICE_WORDS.declineForPoster}
          note={PRICE_WORDS.declineForPosterNote(formatCents(requestedPrice))}
          busyLabel="Declining"
          icon={ThumbsDown}
          busy={busy}
        />
      )}
      <PriceForm
        action="lower"
        title={PRICE_WORDS.lower}
        note={`${now} ${PRICE_WORDS.lowerNote}`}
        bounds={{ min: PRICE_LIMITS.min, max: price - 1 }}
        busyLabel="Lowering the price"
        icon={TrendingDown}
        busy={busy}
      />
    </>
  );
}
