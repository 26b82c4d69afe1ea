import { useEffect, useState } from 'react';
import {
  PRICE_LIMITS,
  priceChangeQuote,
  priceChangeRefusal,
} from '../../../../shared/payments/price-change.ts';
import {
  PAYMENT_WORDS,
  PRICE_WORDS,
  formatCents,
  toCents,
} from '../../../../shared/payments/words.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { NewPriceField } from './new-price-field.tsx';
import { paymentsConfig, type PaymentsConfig } from '../../../lib/payments-config.ts';
import type { Deal } from '../api/deals-api.ts';
import { payDealStep } from '../api/deal-steps.ts';
import { SandboxCardFields } from './sandbox-card-fields.tsx';
import { ReasonField } from './reason-field.tsx';
import { StripePriceDialog } from './stripe-price-dialog.tsx';

/** What a price dialog asks: the worker's ask, the poster's raise, approval or decline. */
export type PriceDialogKind = 'ask' | 'raise' | 'approve' | 'decline';

const STEPS = {
  ask: { step: 'ask-price-increase', title: PRICE_WORDS.askMore },
  raise: { step: 'raise-price', title: PRICE_WORDS.raise },
  approve: { step: 'approve-price-increase', title: PRICE_WORDS.approve('the difference') },
  decline: { step: 'decline-price-increase', title: PRICE_WORDS.decline },
} as const;

/** What the poster pays more (or the worker would receive) at a price typed in dollars. */
function figuresAt(deal: Deal, dollars: string) {
  const price = toCents(Number(dollars));
  if (!dollars || priceChangeRefusal(deal, 'increase', price)) return null;
  return priceChangeQuote(deal, price);
}

/** How this server takes cards (asked once per page load); null until known. */
function usePayments() {
  const [payments, setPayments] = useState<PaymentsConfig | null>(null);
  useEffect(() => {
    void paymentsConfig().then(setPayments);
  }, []);
  return payments;
}

/**
 * A price change's dialog on the deal panel: a new price (and a reason, for the worker), the
 * figures it makes, and a card where the poster pays the difference. With the sandbox, its
 * card fields in the page's action (intent `deal`), and a card that asks to authenticate
 * confirmed in a second step; with Stripe, its Payment Element (stripe-price-dialog.tsx).
 */
export function PriceChangeDialog({
  deal,
  kind,
  onClose,
}: {
  deal: Deal;
  kind: PriceDialogKind | null;
  onClose: () => void;
}) {
  const [dollars, setDollars] = useState('');
  const [chargeId, setChargeId] = useState<string | null>(null);
  const payments = usePayments();
  const step = kind ? STEPS[kind] : null;
  const typed = figuresAt(deal, dollars);
  const asked = deal.requestedPrice === null ? null : priceChangeQuote(deal, deal.requestedPrice);
  const title =
    kind === 'approve' && asked ? PRICE_WORDS.approve(formatCents(asked.difference)) : step?.title;
  const paying = kind === 'raise' || kind === 'approve';
  const stripe = paying && payments?.mode === 'stripe';
  const close = () => {
    setDollars('');
    onClose();
  };

  const question =
    kind === 'ask' || kind === 'raise' ? (
      <>
        <p className="text-sm">
          {kind === 'ask' ? PRICE_WORDS.askQuestion : PRICE_WORDS.raiseQuestion}
        </p>
        <NewPriceField
          bounds={{ min: deal.price + 1, max: PRICE_LIMITS.max }}
          value={dollars}
          onChange={(event) => setDollars(event.target.value)}
          hint={`Now ${formatCents(deal.price)}.`}
        />
        {typed ? (
          <p className="text-sm font-medium" aria-live="polite">
            {kind === 'ask'
              ? PRICE_WORDS.workerWouldReceive(formatCents(typed.figures.workerReceives))
              : PRICE_WORDS.youPayMore(formatCents(typed.difference))}
          </p>
        ) : null}
      </>
    ) : (
      <p className="text-sm">
        {kind === 'approve' && deal.requestedPrice !== null
          ? PRICE_WORDS.approveQuestion(formatCents(deal.requestedPrice))
          : PRICE_WORDS.declineQuestion}
      </p>
    );

  return (
    <>
      <ConfirmActionDialog
        open={step !== null && !stripe}
        title={title ? `${title}?` : ''}
        tone="info"
        confirmLabel={title ?? ''}
        busyLabel="Sending"
        intent="deal"
        values={{ dealId: deal.id, step: step?.step ?? '' }}
        fields={['price', 'reason', 'card']}
        onDone={(result) => {
          const pending = (result as { authenticate?: string }).authenticate;
          close();
          if (pending) setChargeId(pending);
        }}
        onClose={close}
      >
        {stripe ? null : question}
        {kind === 'ask' ? <ReasonField /> : null}
        {paying && payments?.mode === 'sandbox' ? <SandboxCardFields /> : null}
      </ConfirmActionDialog>
      <StripePriceDialog
        open={stripe}
        title={title ?? ''}
        amount={kind === 'approve' ? (asked?.difference ?? null) : (typed?.difference ?? null)}
        currency={deal.currency}
        publishableKey={payments?.publishableKey ?? null}
        pay={(card) =>
          kind === 'approve'
            ? payDealStep(deal.id, 'approve-price-increase', { card })
            : payDealStep(deal.id, 'raise-price', { card, price: toCents(Number(dollars)) })
        }
        onClose={close}
      >
        {stripe ? question : null}
      </StripePriceDialog>
      <ConfirmActionDialog
        open={chargeId !== null}
        title={`${PRICE_WORDS.authenticate}?`}
        tone="info"
        confirmLabel={PRICE_WORDS.authenticate}
        busyLabel="Sending"
        intent="deal"
        values={{ dealId: deal.id, step: 'authenticate', chargeId: chargeId ?? '' }}
        onDone={() => setChargeId(null)}
        onClose={() => setChargeId(null)}
      >
        <p className="text-sm">{PAYMENT_WORDS.authenticate}</p>
      </ConfirmActionDialog>
    </>
  );
}
