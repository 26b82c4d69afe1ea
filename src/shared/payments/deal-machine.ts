/**
 * A deal's lifecycle as one table: every transition, who performs it, the states it leaves
 * from, the state it goes to and the money it moves. The server's routes and jobs, the sandbox
 * provider's events and the operators' console all go through `nextState`; screens may read
 * the same table to show or hide an action.
 */

export const DEAL_STATES = [
  'awaiting-payment',
  'funded',
  'payment-requested',
  'released',
  'paid-out',
  'cancellation-requested',
  'disputed',
  'cancelled',
  'expired',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** States a deal never leaves. Escrow holds nothing in them (nor in `released`). */
export const FINAL_DEAL_STATES = [
  'paid-out',
  'cancelled',
  'expired',
] as const satisfies readonly DealState[];

/** States in which a deal is still going on: one such deal per task at most. */
export const LIVE_DEAL_STATES = DEAL_STATES.filter(
  (s) => !(FINAL_DEAL_STATES as readonly string[]).includes(s),
) as readonly DealState[];

/** The side of a deal a person is on, or the platform acting on it. */
export type DealActor = 'owner' | 'worker' | 'operator' | 'timer';
export type DealSide = 'owner' | 'worker';

/** What a transition does with the money (each posts one ledger transaction, or none). */
export type MoneyAction = 'fund' | 'release' | 'refund' | 'split' | 'settle' | 'payout' | 'none';

/** Who is to blame for a cancellation: it decides who bears the booking fee. */
export const FAULTS = ['owner', 'worker', 'nobody'] as const;
export type Fault = (typeof FAULTS)[number];

export interface DealTransition {
  actor: DealActor;
  from: readonly DealState[];
  to: DealState;
  money: MoneyAction;
  /** The actor must say why (kept on the timeline; an operator's also in the audit log). */
  reason?: boolean;
  /** Only the side that did not ask for the cancellation may answer it. */
  otherSide?: boolean;
}

const PAID = ['funded', 'payment-requested'] as const satisfies readonly DealState[];

/** The states in which a deal's escrow holds the poster's payment. */
export const HOLDING_STATES = [
  ...PAID,
  'cancellation-requested',
  'disputed',
] as const satisfies readonly DealState[];

/** The transitions people perform; each has an operator twin (`<action>-by-operator`). */
const USER_TRANSITIONS = {
  pay: { actor: 'owner', from: ['awaiting-payment'], to: 'funded', money: 'fund' },
  'withdraw-offer': { actor: 'owner', from: ['awaiting-payment'], to: 'cancelled', money: 'none' },
  'request-payment': { actor: 'worker', from: ['funded'], to: 'payment-requested', money: 'none' },
  release: { actor: 'owner', from: PAID, to: 'released', money: 'release' },
  'ask-changes': {
    actor: 'owner',
    from: ['payment-requested'],
    to: 'funded',
    money: 'none',
    reason: true,
  },
  'owner-requests-cancellation': {
    actor: 'owner',
    from: PAID,
    to: 'cancellation-requested',
    money: 'none',
    reason: true,
  },
  'worker-requests-cancellation': {
    actor: 'worker',
    from: PAID,
    to: 'cancellation-requested',
    money: 'none',
    reason: true,
  },
  'owner-agrees-cancellation': {
    actor: 'owner',
    from: ['cancellation-requested'],
    to: 'cancelled',
    money: 'refund',
    otherSide: true,
  },
  'worker-agrees-cancellation': {
    actor: 'worker',
    from: ['cancellation-requested'],
    to: 'cancelled',
    money: 'refund',
    otherSide: true,
  },
  'owner-declines-cancellation': {
    actor: 'owner',
    from: ['cancellation-requested'],
    to: 'disputed',
    money: 'none',
    otherSide: true,
    reason: true,
  },
  'worker-declines-cancellation': {
    actor: 'worker',
    from: ['cancellation-requested'],
    to: 'disputed',
    money: 'none',
    otherSide: true,
    reason: true,
  },
} as const satisfies Record<string, DealTransition>;
type UserAction = keyof typeof USER_TRANSITIONS;

/** What only the platform does: timers, and operators ruling on a dispute. */
const PLATFORM_TRANSITIONS = {
  expire: { actor: 'timer', from: ['awaiting-payment'], to: 'expired', money: 'none' },
  'auto-release': { actor: 'timer', from: ['payment-requested'], to: 'released', money: 'release' },
  'cancellation-unanswered': {
    actor: 'timer',
    from: ['cancellation-requested'],
    to: 'disputed',
    money: 'none',
  },
  payout: { actor: 'timer', from: ['released'], to: 'paid-out', money: 'payout' },
  'rule-release': {
    actor: 'operator',
    from: ['disputed'],
    to: 'released',
    money: 'release',
    reason: true,
  },
  'rule-refund': {
    actor: 'operator',
    from: ['disputed'],
    to: 'cancelled',
    money: 'refund',
    reason: true,
  },
  'rule-split': {
    actor: 'operator',
    from: ['disputed'],
    to: 'released',
    money: 'split',
    reason: true,
  },
  // A deal the processor's side left short (a refund made there): what it holds is settled
  // (decision 0670). The server refuses these on a deal that is not short.
  'settle-release': {
    actor: 'operator',
    from: HOLDING_STATES,
    to: 'released',
    money: 'settle',
    reason: true,
  },
  'settle-refund': {
    actor: 'operator',
    from: HOLDING_STATES,
    to: 'cancelled',
    money: 'settle',
    reason: true,
  },
  'settle-split': {
    actor: 'operator',
    from: HOLDING_STATES,
    to: 'released',
    money: 'settle',
    reason: true,
  },
} as const satisfies Record<string, DealTransition>;

type TwinAction = `${UserAction}-by-operator`;
export type DealAction = UserAction | TwinAction | keyof typeof PLATFORM_TRANSITIONS;

/** An operator's twin of a person's transition: the same move, on their word and a reason. */
const twins = Object.fromEntries(
  Object.entries(USER_TRANSITIONS).map(([action, rule]) => [
    `${action}-by-operator`,
    { ...rule, actor: 'operator', reason: true, otherSide: false },
  ]),
) as unknown as Record<TwinAction, DealTransition>;

/** Every transition of a deal. */
export const DEAL_TRANSITIONS: Readonly<Record<DealAction, DealTransition>> = {
  ...USER_TRANSITIONS,
  ...twins,
  ...PLATFORM_TRANSITIONS,
};

export const DEAL_ACTIONS = Object.keys(DEAL_TRANSITIONS) as DealAction[];

/** The operator twins, for the console's generic route. */
export const OPERATOR_TWIN_ACTIONS = Object.keys(twins) as TwinAction[];

/**
 * The timeline steps the card processor's side takes (its webhook's events: a late payment
 * returned, a refund made in its dashboard, a chargeback, a reversed payout).
 */
export const PROVIDER_STEPS = [
  'late-payment-refunded',
  'refunded-at-provider',
  'chargeback-opened',
  'chargeback-won',
  'chargeback-lost',
  'transfer-reversed',
] as const;
export type ProviderStep = (typeof PROVIDER_STEPS)[number];

/** How long a deal waits for its payment before it expires. */
export const PAYMENT_WINDOW_MINUTES = 15;
/** How long after the worker asks for payment the money releases itself. */
export const AUTO_RELEASE_DAYS = 5;
/** How long a cancellation waits for the other side before it becomes a dispute. */
export const CANCELLATION_ANSWER_HOURS = 48;

/** How long before an unpaid deal expires its owner is reminded. */
export const EXPIRY_REMINDER_MINUTES = 5;
/** How long before the automatic release the owner is reminded. */
export const RELEASE_REMINDER_HOURS = 24;
/** How long a dispute waits for a ruling before the operators' list marks it escalated. */
export const DISPUTE_ESCALATION_DAYS = 14;

const MINUTE = 60_000;

/** How long each timed state lasts before its timer acts (minutes). */
export const TIMED_STATES: Partial<Record<DealState, number>> = {
  'awaiting-payment': PAYMENT_WINDOW_MINUTES,
  'payment-requested': AUTO_RELEASE_DAYS * 24 * 60,
  'cancellation-requested': CANCELLATION_ANSWER_HOURS * 60,
};

/**
 * When the deal's next timer acts (expiry, automatic release, an unanswered cancellation
 * becoming a dispute), from the moment it entered its state; null in an untimed state.
 */
export function nextTimerAt(deal: { state: DealState; stateSince: Date | string }): Date | null {
  const minutes = TIMED_STATES[deal.state];
  if (minutes === undefined) return null;
  return new Date(new Date(deal.stateSince).getTime() + minutes * MINUTE);
}

/** Whether a dispute has waited for a ruling past DISPUTE_ESCALATION_DAYS. */
export const isEscalated = (
  deal: { state: DealState; stateSince: Date | string },
  now = new Date(),
) =>
  deal.state === 'disputed' &&
  now.getTime() - new Date(deal.stateSince).getTime() >= DISPUTE_ESCALATION_DAYS * 86_400_000;

/** What the machine reads of a deal. */
export interface DealFacts {
  state: DealState;
  /** Who asked for the cancellation, while one is asked for. */
  cancellationRequestedBy?: DealSide | null;
}

/** Why a transition is refused: not this actor's to do, or not in this state. */
export type DealRefusal = 'forbidden' | 'conflict';

export class DealTransitionError extends Error {
  readonly refusal: DealRefusal;
  constructor(refusal: DealRefusal, message: string) {
    super(message);
    this.name = 'DealTransitionError';
    this.refusal = refusal;
  }
}

/**
 * The state `action` by `actor` leads `deal` to; throws a DealTransitionError `forbidden`
 * when it is not that actor's to do (including answering one's own cancellation request) and
 * `conflict` when the deal is not in a state it leaves from.
 */
export function nextState(deal: DealFacts, action: DealAction, actor: DealActor): DealState {
  const rule = DEAL_TRANSITIONS[action] as DealTransition | undefined;
  if (!rule) throw new DealTransitionError('conflict', `No deal action ${String(action)}.`);
  if (rule.actor !== actor)
    throw new DealTransitionError('forbidden', `Only the ${rule.actor} may ${action}.`);
  if (!rule.from.includes(deal.state))
    throw new DealTransitionError('conflict', `A deal that is ${deal.state} cannot ${action}.`);
  if (rule.otherSide && deal.cancellationRequestedBy === actor)
    throw new DealTransitionError(
      'forbidden',
      'The other side answers a cancellation request, not the side that asked.',
    );
  return rule.to;
}

/** Whether `actor` may perform `action` on `deal` now. */
export function mayDeal(deal: DealFacts, action: DealAction, actor: DealActor): boolean {
  try {
    nextState(deal, action, actor);
    return true;
  } catch {
    return false;
  }
}

/** The per-side name of a shared action: a cancellation asked for, agreed to or declined. */
export const sideAction = (
  side: DealSide,
  verb: 'requests-cancellation' | 'agrees-cancellation' | 'declines-cancellation',
): DealAction => `${side}-${verb}`;

/** How long the reason a step asks for may be (the server's rule; the forms' field). */
export const DEAL_REASON_LENGTH = { min: 3, max: 1000 } as const;
