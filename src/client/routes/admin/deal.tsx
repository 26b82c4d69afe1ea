import { ArrowLeft } from 'lucide-react';
import { Link, useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { hasRole } from '../../../shared/operators/rules.ts';
import { OPERATOR_TWIN_ACTIONS, mayDeal } from '../../../shared/payments/deal-machine.ts';
import type { Fault } from '../../../shared/payments/deal-machine.ts';
import { DEAL_STATE_WORDS, formatCents, toCents } from '../../../shared/payments/words.ts';
import { FailureAlert, FormAlert } from '../../components/ui/form-alert.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { intentAction, isFailure, shouldRevalidate } from '../../lib/action-result.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmitting } from '../../lib/pending.ts';
import {
  actOnDeal,
  changeDealPrice,
  decideDeal,
  fetchConsoleDeal,
  type Ruling,
} from '../../features/deals/api/admin-deals-api.ts';
import { OperatorPriceForms } from '../../features/deals/components/operator-price-forms.tsx';
import { mayChangePrice } from '../../../shared/payments/price-change.ts';
import { settleShareLimit, shortBy } from '../../../shared/payments/settle.ts';
import { dealStepWords } from '../../../shared/payments/step-words.ts';
import { DealTimeline } from '../../features/deals/components/deal-timeline.tsx';
import { LedgerTable } from '../../features/deals/components/ledger-table.tsx';
import { OperatorActForm } from '../../features/deals/components/operator-act-form.tsx';
import { RulingForm } from '../../features/deals/components/ruling-form.tsx';
import { operatorOnly, useConsoleUser } from './console-context.ts';

export { shouldRevalidate };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  return fetchConsoleDeal(params.id ?? '', request.signal);
}

/** The ruling form's choice (a ruling's or a settlement's). */
function rulingOf(text: (name: string) => string): Ruling {
  const reason = text('reason');
  const outcome = text('outcome');
  return outcome === 'split'
    ? { outcome, reason, workerShare: toCents(Number(text('share'))) }
    : { outcome: outcome === 'refund' ? 'refund' : 'release', reason };
}

export const action = intentAction({
  rule: async ({ text, args }) => {
    await decideDeal(args.params.id ?? '', 'rule', rulingOf(text));
    return { done: 'Ruled.' };
  },
  settle: async ({ text, args }) => {
    await decideDeal(args.params.id ?? '', 'settle', rulingOf(text));
    return { done: 'Settled.' };
  },
  act: async ({ text, args }) => {
    const fault = text('fault');
    await actOnDeal(args.params.id ?? '', {
      action: text('action'),
      reason: text('reason'),
      ...(fault ? { fault: fault as Fault } : {}),
    });
    return { done: 'Step taken.' };
  },
  price: async ({ text, args }) => {
    const action = text('action');
    const reason = text('reason');
    const id = args.params.id ?? '';
    if (action === 'decline-increase') {
      await changeDealPrice(id, { action, reason });
      return { done: 'Declined for the poster.' };
    }
    const price = toCents(Number(text('price')));
    if (action === 'ask-increase') {
      await changeDealPrice(id, { action, price, reason });
      return { done: 'Asked for more for the worker.' };
    }
    await changeDealPrice(id, { action: 'lower', price, reason });
    return { done: 'Price lowered.' };
  },
});

/**
 * /admin/deals/:id (operators): a deal's figures, timeline and ledger lines; moderators rule
 * on a dispute, take a side's step for them (price steps too) or lower a secured price, always
 * with a reason.
 */
export function Component() {
  const deal = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const canAct = hasRole(me.role, 'moderator');
  const twins = OPERATOR_TWIN_ACTIONS.filter((action) => mayDeal(deal, action, 'operator'));
  const short = shortBy(deal, deal.escrow);
  const facts: [string, string][] = [
    ['State', DEAL_STATE_WORDS[deal.state]],
    ['Since', formatDateTime(deal.stateSince)],
    ['Price', formatCents(deal.price)],
    ['Poster pays', formatCents(deal.posterPays)],
    ['Worker receives', formatCents(deal.workerReceives)],
    ['Secured now', formatCents(deal.escrow)],
  ];
  return (
    <>
      <title>{`Deal · Console · TaskBid`}</title>
      <Link to="/admin/deals" className="btn btn-ghost btn-sm mb-4 -ml-2">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Deals
      </Link>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Deal</h1>
        <p className="mt-1 text-base-content/75">
          For the task{' '}
          <Link to={`/admin/tasks/${deal.taskId}`} className="link">
            {deal.taskTitle ?? 'deleted since'}
          </Link>
          , between{' '}
          <Link to={`/admin/people/${deal.ownerId}`} className="link">
            the poster
          </Link>{' '}
          and{' '}
          <Link to={`/admin/people/${deal.workerId}`} className="link">
            the worker
          </Link>
          .
        </p>
      </header>
      {/* Above the panels: a ruling ends the dispute, and its form goes. */}
      {deal.chargebackOpen || deal.attention.length > 0 || short > 0 ? (
        <div className="mb-4 flex flex-col gap-2">
          {short > 0 ? (
            <FormAlert tone="info">
              The secured payment holds {formatCents(deal.escrow)} of the{' '}
              {formatCents(deal.posterPays)} the deal expects: the card processor gave{' '}
              {formatCents(short)} back. Release and refund wait until a moderator settles what it
              holds.
            </FormAlert>
          ) : null}
          {deal.chargebackOpen ? (
            <FormAlert tone="info">
              A chargeback is open: the payment steps wait until the poster’s bank decides.
            </FormAlert>
          ) : null}
          {deal.attention.map((step) => (
            <FormAlert key={`${step.at}-${step.action}`} tone="info">
              Needs an operator: {dealStepWords(step.action)} ({formatDateTime(step.at)}).
            </FormAlert>
          ))}
        </div>
      ) : null}
      <div className="mb-4 flex flex-col gap-2" aria-live="polite">
        {result && !isFailure(result) ? <FormAlert tone="success">{result.done}</FormAlert> : null}
        <FailureAlert failure={isFailure(result) ? result.error : null} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Figures">
          <dl className="grid grid-cols-2 gap-3">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-base-content/75">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Timeline">
          <DealTimeline timeline={deal.timeline} />
        </Panel>
        <Panel title="Ledger lines" className="lg:col-span-2">
          <LedgerTable lines={deal.ledger} />
        </Panel>
        {canAct && (deal.state === 'disputed' || twins.length > 0 || short > 0) ? (
          <Panel title="Act on this deal" className="lg:col-span-2">
            {short > 0 ? (
              <RulingForm intent="settle" limit={settleShareLimit(deal, deal.escrow)} busy={busy} />
            ) : deal.state === 'disputed' ? (
              <RulingForm intent="rule" limit={deal.price} busy={busy} />
            ) : null}
            {twins.length > 0 ? <OperatorActForm actions={twins} busy={busy} /> : null}
            {mayChangePrice(deal.state) ? (
              <OperatorPriceForms
                price={deal.price}
                requestedPrice={deal.requestedPrice}
                busy={busy}
              />
            ) : null}
          </Panel>
        ) : null}
      </div>
    </>
  );
}
