import { useEffect, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { STRIPE_FORM_WORDS } from '../../../../shared/payments/stripe-words.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import type { PayResult } from '../api/deals-api.ts';

/**
 * Stripe.js, loaded once per publishable key from js.stripe.com (as Stripe requires); null
 * when it cannot be (blocked, offline).
 */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key))
    loaded.set(
      key,
      loadStripe(key).catch(() => {
        loaded.delete(key);
        return null;
      }),
    );
  return loaded.get(key)!;
};

interface Props {
  /** What the card pays, in cents, and its currency (the Payment Element's figures). */
  amount: number;
  currency: string;
  publishableKey: string;
  payLabel: string;
  /**
   * One of our routes that pays with the payment method: the server makes and confirms the
   * PaymentIntent (the deal's payment, or a raised price's difference).
   */
  pay: (paymentMethodId: string) => Promise<PayResult>;
  /** The payment went through or is on its way: the webhook applies it. */
  onPaid?: () => void;
}

/**
 * Stripe's Payment Element (cards, in the page), in its own chunk: only the pay screen and the
 * price dialog load it, with `PAYMENTS=stripe`, and it alone loads Stripe.js. The card becomes
 * a payment method in the browser, our server makes and confirms the PaymentIntent with it
 * (`pay`: the poster only, the server checks the deal may be charged), and a card that asks to
 * authenticate is finished here with the client secret that answer carries. Once sent, it
 * says so: the webhook applies the payment, and the page shows it then.
 */
export function StripeCardForm(props: Props) {
  const [stripe] = useState(() => stripeFor(props.publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let shown = true;
    void stripe.then((loadedStripe) => shown && !loadedStripe && setFailed(true));
    return () => {
      shown = false;
    };
  }, [stripe]);
  if (failed) return <FormAlert tone="error">{STRIPE_FORM_WORDS.failed}</FormAlert>;
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: 'payment',
        amount: props.amount,
        currency: props.currency.toLowerCase(),
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      }}
    >
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ payLabel, pay: payWith, onPaid }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      const checked = await elements.submit();
      if (checked.error) throw new Error(checked.error.message);
      const made = await stripe.createPaymentMethod({ elements });
      if (made.error) throw new Error(made.error.message);
      const paid = await payWith(made.paymentMethod.id);
      const secret = paid.payment.clientSecret;
      if (paid.payment.status === 'requires-authentication' && secret) {
        const next = await stripe.handleNextAction({ clientSecret: secret });
        if (next.error) throw new Error(next.error.message);
      }
      setSent(true);
      onPaid?.();
    } catch (err) {
      setError((err as Error).message || STRIPE_FORM_WORDS.failed);
      setBusy(false);
    }
  }

  if (sent) return <FormAlert tone="success">{STRIPE_FORM_WORDS.sent}</FormAlert>;
  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {ready ? null : <p className="text-sm text-base-content/75">{STRIPE_FORM_WORDS.loading}</p>}
      <PaymentElement onReady={() => setReady(true)} />
      <SubmitButton label={payLabel} busyLabel="Paying" icon={Lock} busy={busy || !ready} />
    </form>
  );
}
