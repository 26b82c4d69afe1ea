import { useEffect, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { STRIPE_FORM_WORDS } from '../../../../shared/payments/stripe-words.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { payDeal, type Deal } from '../api/deals-api.ts';

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
  deal: Deal;
  publishableKey: string;
  payLabel: string;
  /** The payment went through or is on its way: the webhook funds the deal. */
  onPaid: () => void;
}

/**
 * Stripe's Payment Element (cards, in the page), in its own chunk: only the pay screen with
 * `PAYMENTS=stripe` loads it, and it alone loads Stripe.js. The card becomes a payment
 * method in the browser, our server makes and confirms the PaymentIntent with it (the pay
 * route: the poster only, while the deal waits for its payment), and a card that asks to
 * authenticate is finished here with the client secret that answer carries.
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
        amount: props.deal.posterPays,
        currency: props.deal.currency.toLowerCase(),
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      }}
    >
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ deal, payLabel, onPaid }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
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
      const paid = await payDeal(deal.id, made.paymentMethod.id);
      const secret = paid.payment.clientSecret;
      if (paid.payment.status === 'requires-authentication' && secret) {
        const next = await stripe.handleNextAction({ clientSecret: secret });
        if (next.error) throw new Error(next.error.message);
      }
      onPaid();
    } catch (err) {
      setError((err as Error).message || STRIPE_FORM_WORDS.failed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {ready ? null : <p className="text-sm text-base-content/75">{STRIPE_FORM_WORDS.loading}</p>}
      <PaymentElement onReady={() => setReady(true)} />
      <SubmitButton label={payLabel} busyLabel="Paying" icon={Lock} busy={busy || !ready} />
    </form>
  );
}
