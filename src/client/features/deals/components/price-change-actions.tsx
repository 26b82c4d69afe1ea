import { useState, type ReactNode } from 'react';
import type { DealSide } from '../../../../shared/payments/deal-machine.ts';
import { mayChangePrice, priceChangeQuote } from '../../../../shared/payments/price-change.ts';
import { PRICE_WORDS, formatCents } from '../../../../shared/payments/words.ts';
import type { Deal } from '../api/deals-api.ts';
import { PriceChangeDialog, type PriceDialogKind } from './price-change-dialog.tsx';

/** The reason the worker gave with their ask (the latest on the timeline). */
const askedReason = (deal: Deal) =>
  deal.timeline.findLast((step) => step.action.startsWith('ask-price-increase'))?.reason ?? null;

/**
 * Changing the price while the payment is secured, for the side looking: the worker asks
 * for more (or sees their ask waiting); the poster raises it, or answers the worker's ask
 * with the amount to pay shown.
 */
export function PriceChangeActions({ deal, side }: { deal: Deal; side: DealSide }) {
  const [asking, setAsking] = useState<PriceDialogKind | null>(null);
  if (!mayChangePrice(deal.state)) return null;
  const button = (kind: PriceDialogKind, label: string, primary = false) => (
    <button
      type="button"
      className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-outline'}`}
      onClick={() => setAsking(kind)}
    >
      {label}
    </button>
  );

  const requested = deal.requestedPrice;
  return (
    <>
      {requested === null ? (
        <div className="flex flex-wrap gap-2">
          {side === 'worker'
            ? button('ask', PRICE_WORDS.askMore)
            : button('raise', PRICE_WORDS.raise)}
        </div>
      ) : (
        <AskedPrice deal={deal} side={side} requested={requested} button={button} />
      )}
      {/* One place in the tree: the dialog stays mounted while the panel reloads. */}
      <PriceChangeDialog deal={deal} kind={asking} onClose={() => setAsking(null)} />
    </>
  );
}

/** The worker's ask waiting for an answer: what it is, why, and the poster's answers. */
function AskedPrice({
  deal,
  side,
  requested,
  button,
}: {
  deal: Deal;
  side: DealSide;
  requested: number;
  button: (kind: PriceDialogKind, label: string, primary?: boolean) => ReactNode;
}) {
  const difference = formatCents(priceChangeQuote(deal, requested).difference);
  const reason = askedReason(deal);
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      <p className="font-medium">
        {side === 'worker'
          ? PRICE_WORDS.waiting(formatCents(requested))
          : PRICE_WORDS.asked(formatCents(requested), difference)}
      </p>
      {reason ? <p className="text-base-content/75">“{reason}”</p> : null}
      {side === 'owner' ? (
        <div className="flex flex-wrap gap-2">
          {button('approve', PRICE_WORDS.approve(difference), true)}
          {button('decline', PRICE_WORDS.decline)}
        </div>
      ) : null}
    </div>
  );
}
