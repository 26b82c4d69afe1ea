import { eq, inArray } from 'drizzle-orm';
import type { DealSide, DealState } from '../../../shared/payments/deal-machine.ts';
import type { PriceChangeStep } from '../../../shared/payments/price-change.ts';
import { formatDollars } from '../../../shared/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { tasks, user } from '../../platform/db/schema.ts';
import type { EventPublisher } from '../../platform/events/bus.ts';
import { notify, type NewNotification } from '../../platform/notify.ts';
import type { DealRow } from './transitions.ts';

/** Cents as people read them. */
export const dollars = (cents: number) => formatDollars(cents / 100);

/** What one side is told: a title and a line. */
type Notice = [title: string, body: string];

/** What the notices read: the deal as it is now, the task's title and the two names. */
interface NoticeFacts {
  deal: DealRow;
  from: DealState;
  title: string;
  owner: string;
  worker: string;
  reason: string | null;
}

/**
 * What each side is told when the deal enters a state (from the state it left), or
 * nothing. Every step reaches both sides, but never the person who took it.
 */
function noticesFor(f: NoticeFacts): Partial<Record<DealSide, Notice>> {
  const t = `“${f.title}”`;
  const why = f.reason ? ` “${f.reason}”` : '';
  switch (f.deal.state) {
    case 'funded':
      return f.from === 'awaiting-payment'
        ? {
            owner: [
              'Payment secured',
              `Your ${dollars(f.deal.posterPays)} for ${t} is secured: ${f.worker} can start.`,
            ],
            worker: [
              'Payment secured: the work is yours',
              `${f.owner} secured ${dollars(f.deal.price)} for ${t}. You receive ${dollars(f.deal.workerReceives)} after fees once they release it.`,
            ],
          }
        : {
            owner: ['Changes asked', `Changes were asked on ${t}.${why}`],
            worker: ['Changes asked', `${f.owner} asked for changes on ${t}:${why}`],
          };
    case 'payment-requested':
      return {
        owner: [
          'Payment requested',
          `${f.worker} says ${t} is done and asks for the payment. Release it, or ask for changes: without your answer it releases itself in 5 days.`,
        ],
        worker: ['Payment requested', `The payment for ${t} was requested.`],
      };
    case 'released':
      return {
        owner: ['Payment released', `The payment for ${t} was released to ${f.worker}.`],
        worker: [
          'Payment released',
          `${dollars(f.deal.workerCredited ?? 0)} for ${t} is in your earnings.`,
        ],
      };
    case 'paid-out':
      return {
        worker: [
          'Paid out',
          `${dollars(f.deal.workerCredited ?? 0)} for ${t} was sent to your payout account.`,
        ],
      };
    case 'cancellation-requested': {
      const asker = f.deal.cancellationRequestedBy === 'owner' ? f.owner : f.worker;
      const ask: Notice = [
        'Cancellation requested',
        `${asker} asks to cancel ${t}:${why} Agree, or decline and an operator decides; unanswered, it goes to an operator in 48 hours.`,
      ];
      return { owner: ask, worker: ask };
    }
    case 'disputed':
      return {
        owner: ['In dispute', `The payment for ${t} is in dispute: an operator will decide.${why}`],
        worker: [
          'In dispute',
          `The payment for ${t} is in dispute: an operator will decide.${why}`,
        ],
      };
    case 'cancelled':
      return f.from === 'awaiting-payment'
        ? {
            worker: [
              'Offer withdrawn',
              `${f.owner} withdrew before paying for ${t}: your bid is pending again.`,
            ],
          }
        : {
            owner: [
              'Deal cancelled',
              `The deal on ${t} was cancelled; the money goes back to your card.`,
            ],
            worker: ['Deal cancelled', `The deal on ${t} was cancelled.${why}`],
          };
    case 'expired':
      return {
        owner: ['Payment not made', `The time to pay for ${t} ran out: the bid is pending again.`],
        worker: [
          'Payment not made',
          `${f.owner} did not pay for ${t} in time: your bid is pending again.`,
        ],
      };
    default:
      return {};
  }
}

/** The task's title (kept in the deal's words if the task is gone) and the two names. */
async function factsOf(tx: Db, deal: DealRow) {
  const [task] = await tx
    .select({ title: tasks.title })
    .from(tasks)
    .where(eq(tasks.id, deal.taskId));
  const people = await tx
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, [deal.ownerId, deal.workerId]));
  const name = (id: string) => people.find((p) => p.id === id)?.name ?? 'Someone';
  return { title: task?.title ?? 'a task', owner: name(deal.ownerId), worker: name(deal.workerId) };
}

/** Notifications (bell and mail) of one kind to the deal's sides, but not to `skip`. */
async function tell(
  tx: Db,
  events: EventPublisher,
  deal: DealRow,
  notices: Partial<Record<DealSide, Notice>>,
  type: 'deal.updated' | 'deal.reminder',
  skip: string | null,
) {
  const list: NewNotification[] = [];
  for (const side of ['owner', 'worker'] as const) {
    const notice = notices[side];
    const userId = side === 'owner' ? deal.ownerId : deal.workerId;
    if (notice && userId !== skip)
      list.push({ userId, type, title: notice[0], body: notice[1], taskId: deal.taskId });
  }
  await notify(tx, events, list, skip);
}

/**
 * The deal moved (in the caller's transaction): both sides are told, but not the person
 * who took the step, and the task's open pages refresh their deal panel.
 */
export async function announceStep(
  tx: Db,
  events: EventPublisher,
  deal: DealRow,
  step: { from: DealState; actorId: string | null; reason: string | null },
) {
  const facts = { ...(await factsOf(tx, deal)), deal, from: step.from, reason: step.reason };
  await tell(tx, events, deal, noticesFor(facts), 'deal.updated', step.actorId);
  await events.publish(tx, { type: 'deal.changed', taskId: deal.taskId, dealId: deal.id });
}

/** The reminders a timed state sends before its timer acts: to the side that must act. */
export async function remind(tx: Db, events: EventPublisher, deal: DealRow) {
  const { title } = await factsOf(tx, deal);
  const t = `“${title}”`;
  const notices: Partial<Record<DealSide, Notice>> =
    deal.state === 'awaiting-payment'
      ? {
          owner: [
            '5 minutes left to pay',
            `Pay for ${t} in the next 5 minutes, or the bid goes back to pending.`,
          ],
        }
      : {
          owner: [
            'The payment releases itself tomorrow',
            `Release the payment for ${t}, ask for changes or ask to cancel: otherwise it releases itself in a day.`,
          ],
        };
  await tell(tx, events, deal, notices, 'deal.reminder', null);
}

/** What each side is told of a price change (an operator's twin as the step itself). */
function priceNotices(
  f: Omit<NoticeFacts, 'from'>,
  step: PriceChangeStep,
  before: DealRow,
): Partial<Record<DealSide, Notice>> {
  const t = `“${f.title}”`;
  const why = f.reason ? ` “${f.reason}”` : '';
  const asked = before.requestedPrice ?? f.deal.requestedPrice ?? 0;
  const both = (notice: Notice) => ({ owner: notice, worker: notice });
  switch (step.replace(/-by-operator$/, '')) {
    case 'ask-price-increase':
      return both([
        'More asked for',
        `${f.worker} asks to raise the price of ${t} from ${dollars(f.deal.price)} to ${dollars(asked)}. Approve and pay the difference, or decline.${why}`,
      ]);
    case 'decline-price-increase':
      return both([
        'Price increase declined',
        `Raising the price of ${t} to ${dollars(asked)} was declined: it stays ${dollars(f.deal.price)}.${why}`,
      ]);
    case 'lower-price':
      return {
        owner: [
          'Price lowered',
          `An operator lowered the price of ${t} to ${dollars(f.deal.price)}: ${dollars(before.posterPays - f.deal.posterPays)} goes back to your card.${why}`,
        ],
        worker: [
          'Price lowered',
          `An operator lowered the price of ${t} to ${dollars(f.deal.price)}: you receive ${dollars(f.deal.workerReceives)} after fees.${why}`,
        ],
      };
    default:
      return {
        owner: [
          'Price raised',
          `You paid ${dollars(f.deal.posterPays - before.posterPays)} more for ${t}: its price is ${dollars(f.deal.price)}.`,
        ],
        worker: [
          'Price raised',
          `${f.owner} raised the price of ${t} to ${dollars(f.deal.price)} and paid the difference: you receive ${dollars(f.deal.workerReceives)} after fees.`,
        ],
      };
  }
}

/**
 * A price change (in the caller's transaction): both sides are told, but not the person who
 * took it, and the task's open pages refresh their deal panel.
 */
export async function announcePriceChange(
  tx: Db,
  events: EventPublisher,
  deal: DealRow,
  change: { step: PriceChangeStep; actorId: string | null; reason: string | null; before: DealRow },
) {
  const facts = { ...(await factsOf(tx, deal)), deal, reason: change.reason };
  await tell(
    tx,
    events,
    deal,
    priceNotices(facts, change.step, change.before),
    'deal.updated',
    change.actorId,
  );
  await events.publish(tx, { type: 'deal.changed', taskId: deal.taskId, dealId: deal.id });
}
