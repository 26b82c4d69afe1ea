import { lazy, Suspense } from 'react';
import { ArrowLeft, CreditCard, ShieldCheck } from 'lucide-react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  DEAL_TIMER_WORDS,
  PAYMENT_WORDS,
  dealLines,
  formatCents,
} from '../../shared/payments/words.ts';
import { STRIPE_FORM_WORDS } from '../../shared/payments/stripe-words.ts';
import { AmountList } from '../components/ui/amount-list.tsx';
import { FailureAlert, FormAlert } from '../components/ui/form-alert.tsx';
import { intentAction, isFailure } from '../lib/action-result.ts';
import { useSubmitting } from '../lib/pending.ts';
import { paymentsConfig } from '../lib/payments-config.ts';
import { authenticateCharge, fetchDeal, payDeal } from '../features/deals/api/deals-api.ts';
import { Countdown } from '../features/deals/components/countdown.tsx';
import { SandboxCardForm } from '../features/deals/components/sandbox-card-form.tsx';

/** Stripe's card form and Stripe.js: a chunk of their own, loaded with PAYMENTS=stripe only. */
const StripeCardForm = lazy(() =>
  import('../features/deals/components/stripe-card-form.tsx').then((m) => ({
    default: m.StripeCardForm,
  })),
);

const taskPage = (taskId: string) => `/browse-tasks/${taskId}`;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const [deal, payments] = await Promise.all([
    fetchDeal(params.id ?? '', request.signal),
    paymentsConfig(),
  ]);
  // Paid, withdrawn or expired: the task's page says where it stands.
  if (deal.state !== 'awaiting-payment') throw redirect(taskPage(deal.taskId));
  return { deal, mode: payments.mode, publishableKey: payments.publishableKey };
}

/** Paying (a card) and, when the bank asks, authenticating; paid → the task's page. */
export const action = intentAction({
  pay: async ({ text, args }) => {
    const paid = await payDeal(args.params.id ?? '', text('card'));
    if (paid.payment.status === 'requires-authentication')
      return { outcome: 'authenticate' as const, chargeId: paid.payment.chargeId };
    return redirect(taskPage(paid.deal.taskId));
  },
  authenticate: async ({ text, args }) => {
    const deal = await authenticateCharge(args.params.id ?? '', text('chargeId'));
    return redirect(taskPage(deal.taskId));
  },
});

export { shouldRevalidate } from '../lib/action-result.ts';

/**
 * /deals/:id/pay (the poster): what they pay for the accepted bid and a card to pay with.
 * The sandbox takes its test card numbers; Stripe, its Payment Element (the webhook then
 * funds the deal). Payment protection holds the money until the work is done.
 */
export function Component() {
  const { deal, mode, publishableKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const lines = dealLines(deal, 'owner');
  const failure = isFailure(result) ? result.error : null;
  const authenticate = result && 'outcome' in result ? result.chargeId : null;
  const timer = DEAL_TIMER_WORDS[deal.state];
  const payLabel = `Pay ${formatCents(deal.posterPays)}`;

  return (
    <div className="page-container max-w-xl py-8 sm:py-10">
      <title>{`${PAYMENT_WORDS.payTitle} · TaskBid`}</title>
      <Link to={taskPage(deal.taskId)} className="btn btn-ghost btn-sm mb-4">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to task
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PAYMENT_WORDS.payTitle}</h1>
      <p className="mt-2 flex items-start gap-2 text-base-content/75">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        {PAYMENT_WORDS.secured}
      </p>
      <div className="mt-6 flex flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-5">
        <AmountList rows={lines.rows} total={lines.total} />
        {deal.nextTimerAt && timer ? <Countdown at={deal.nextTimerAt} what={timer} /> : null}
        <FailureAlert failure={failure} />
        {authenticate ? (
          <Form method="post" className="flex flex-col gap-3">
            <FormAlert tone="info">{PAYMENT_WORDS.authenticate}</FormAlert>
            <input type="hidden" name="intent" value="authenticate" />
            <input type="hidden" name="chargeId" value={authenticate} />
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              Authenticate
            </button>
          </Form>
        ) : mode === 'sandbox' ? (
          <SandboxCardForm busy={busy} payLabel={payLabel} />
        ) : mode === 'stripe' && publishableKey ? (
          <Suspense fallback={<p className="text-sm">{STRIPE_FORM_WORDS.loading}</p>}>
            <StripeCardForm
              amount={deal.posterPays}
              currency={deal.currency}
              publishableKey={publishableKey}
              payLabel={payLabel}
              pay={(card) => payDeal(deal.id, card)}
            />
          </Suspense>
        ) : (
          <FormAlert tone="info">
            <CreditCard className="inline size-4" aria-hidden="true" /> {PAYMENT_WORDS.noCardForm}
          </FormAlert>
        )}
      </div>
    </div>
  );
}
