import { CreditCard, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  mayDeal,
  type DealAction,
  type DealSide,
} from '../../../../shared/payments/deal-machine.ts';
import {
  DEAL_STATE_WORDS,
  DEAL_STEP_BUTTONS,
  DEAL_TIMER_WORDS,
  PAYMENT_WORDS,
  dealLines,
} from '../../../../shared/payments/words.ts';
import { AmountList } from '../../../components/ui/amount-list.tsx';
import type { Deal } from '../api/deals-api.ts';
import { Countdown } from './countdown.tsx';
import { DealTimeline } from './deal-timeline.tsx';
import { DealStepDialog, type DealStepButton } from './deal-step-dialog.tsx';
import { PriceChangeActions } from './price-change-actions.tsx';

/**
 * The task's secured payment for its two sides: the state in words, what this side pays or
 * receives, the time left on its timer, the buttons this side may press now (from the deal
 * machine), changing the price while it is secured, and the timeline.
 */
export function DealPanel({ deal, side }: { deal: Deal; side: DealSide }) {
  const [asking, setAsking] = useState<DealStepButton | null>(null);
  const lines = dealLines(deal, side);
  const timer = DEAL_TIMER_WORDS[deal.state];
  const buttons = DEAL_STEP_BUTTONS.filter((button) =>
    mayDeal(deal, button.action(side) as DealAction, side),
  );
  const canPay = mayDeal(deal, 'pay', side);

  return (
    <section
      aria-labelledby="deal-title"
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="deal-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck className="size-5 text-success" aria-hidden="true" />
          {PAYMENT_WORDS.protection}
        </h2>
        <span className="badge badge-outline">{DEAL_STATE_WORDS[deal.state]}</span>
      </div>
      <AmountList rows={lines.rows} total={lines.total} />
      {deal.nextTimerAt && timer ? <Countdown at={deal.nextTimerAt} what={timer} /> : null}
      {canPay || buttons.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {canPay ? (
            <Link to={`/deals/${deal.id}/pay`} className="btn btn-primary btn-sm">
              <CreditCard className="size-4" aria-hidden="true" />
              Pay now
            </Link>
          ) : null}
          {buttons.map((button, index) => (
            <button
              key={button.step}
              type="button"
              className={`btn btn-sm ${index === 0 && !canPay ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => setAsking(button)}
            >
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
      <PriceChangeActions deal={deal} side={side} />
      <div>
        <h3 className="text-sm font-semibold">Timeline</h3>
        <div className="mt-2">
          <DealTimeline timeline={deal.timeline} />
        </div>
      </div>
      <DealStepDialog dealId={deal.id} button={asking} onClose={() => setAsking(null)} />
    </section>
  );
}
