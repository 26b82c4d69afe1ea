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
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { NewPriceField } from './new-price-field.tsx';
import { paymentsConfig } from '../../../lib/payments-config.ts';
import type { Deal } from '../api/deals-api.ts';
import { SandboxCardFields } from './sandbox-card-fields.tsx';
import { ReasonField } from './reason-field.tsx';

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

/** The card: the sandbox's fields, or word that cards are not taken here yet (Stripe). */
function CardFields() {
  const [mode, setMode] = useState<string | null>(null);
  useEffect(() => {
    void paymentsConfig().then((config) => setMode(config.mode));
  }, []);
  if (mode === null) return null;
  return mode === 'sandbox' ? (
    <SandboxCardFields />
  ) : (
    <FormAlert tone="info">{PAYMENT_WORDS.noCardForm}</FormAlert>
  );
}

/**
 * A price change's dialog on the deal panel (intent `deal`): a new price (and a reason, for
 * the worker), the figures it makes, and a card where the poster pays the difference. A card
 * that asks to authenticate is then confirmed in a second step.
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
  const step = kind ? STEPS[kind] : null;
  const typed = figuresAt(deal, dollars);
  const asked = deal.requestedPrice === null ? null : priceChangeQuote(deal, deal.requestedPrice);
  const title =
    kind === 'approve' && asked ? PRICE_WORDS.approve(formatCents(asked.difference)) : step?.title;
  const close = () => {
    setDollars('');
    onClose();
  };

  return (
    <>
      <ConfirmActionDialog
        open={step !== null}
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
        {kind === 'ask' || kind === 'raise' ? (
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
        )}
        {kind === 'ask' ? <ReasonField /> : null}
        {kind === 'raise' || kind === 'approve' ? <CardFields /> : null}
      </ConfirmActionDialog>
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
