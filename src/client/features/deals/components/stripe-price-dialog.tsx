import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { STRIPE_FORM_WORDS } from '../../../../shared/payments/stripe-words.ts';
import { AppDialog } from '../../../components/ui/app-dialog.tsx';
import type { PayResult } from '../api/deals-api.ts';

/** Stripe's card form and Stripe.js: their own chunk, loaded once this dialog shows a card. */
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })),
);

interface StripePriceDialogProps {
  open: boolean;
  /** The step's name, without its question mark: the title and the pay button's label. */
  title: string;
  /** The difference to pay in cents; null until a new price that may be paid is typed. */
  amount: number | null;
  currency: string;
  publishableKey: string | null;
  /** Raises or approves with the payment method (the step's route, answered as paying). */
  pay: (paymentMethodId: string) => Promise<PayResult>;
  onClose: () => void;
  /** What is asked (and the new price's field). */
  children: ReactNode;
}

/**
 * The price dialog's card with `PAYMENTS=stripe`: Stripe's Payment Element (the pay screen's
 * form) once there is a difference to pay, the Payment Element's own flow when the bank asks
 * to authenticate, and a declined card's reason in the form. Stripe's webhook raises the
 * price: the panel reloads now and again when it does.
 */
export function StripePriceDialog(props: StripePriceDialogProps) {
  const { open, title, amount, currency, publishableKey, pay, onClose, children } = props;
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  // The form stays once shown while the price is retyped (its card is not lost).
  const [shown, setShown] = useState<number | null>(null);
  if (open && amount !== null && amount !== shown) setShown(amount);
  const close = () => {
    setSent(false);
    setShown(null);
    onClose();
  };

  return (
    <AppDialog
      open={open}
      role="alertdialog"
      tone="info"
      title={`${title}?`}
      onClose={close}
      actions={
        sent ? undefined : (
          <form method="dialog">
            <button type="submit" className="btn btn-ghost">
              Go back
            </button>
          </form>
        )
      }
    >
      <div className="flex flex-col gap-3">
        {children}
        {open && shown !== null ? (
          <Suspense fallback={<p className="text-sm">{STRIPE_FORM_WORDS.loading}</p>}>
            <StripeCardForm
              amount={shown}
              currency={currency}
              publishableKey={publishableKey ?? ''}
              payLabel={title}
              pay={pay}
              onPaid={() => {
                setSent(true);
                void revalidator.revalidate();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </AppDialog>
  );
}
