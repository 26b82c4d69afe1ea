import { describe, expect, it } from 'vitest';
import {
  DEAL_ACTIONS,
  DEAL_STATES,
  DEAL_TRANSITIONS,
  FINAL_DEAL_STATES,
  mayDeal,
  nextState,
  OPERATOR_TWIN_ACTIONS,
  type DealActor,
} from './deal-machine.ts';

const ACTORS: DealActor[] = ['owner', 'worker', 'operator', 'timer'];

describe('the deal machine', () => {
  it('lets exactly the named actor move from exactly the named states', () => {
    for (const action of DEAL_ACTIONS)
      for (const state of DEAL_STATES)
        for (const actor of ACTORS) {
          const rule = DEAL_TRANSITIONS[action];
          const allowed = rule.actor === actor && rule.from.includes(state);
          expect(mayDeal({ state }, action, actor), `${actor} ${action} from ${state}`).toBe(
            allowed,
          );
          if (allowed) expect(nextState({ state }, action, actor)).toBe(rule.to);
        }
  });

  it('refuses with forbidden for the wrong actor and conflict for the wrong state', () => {
    expect(() => nextState({ state: 'funded' }, 'release', 'worker')).toThrow(
      expect.objectContaining({ refusal: 'forbidden' }),
    );
    expect(() => nextState({ state: 'released' }, 'release', 'owner')).toThrow(
      expect.objectContaining({ refusal: 'conflict' }),
    );
  });

  it('has the side that asked for a cancellation never answer it', () => {
    const asked = {
      state: 'cancellation-requested' as const,
      cancellationRequestedBy: 'owner' as const,
    };
    expect(mayDeal(asked, 'owner-agrees-cancellation', 'owner')).toBe(false);
    expect(mayDeal(asked, 'worker-agrees-cancellation', 'worker')).toBe(true);
    expect(mayDeal(asked, 'owner-declines-cancellation', 'owner')).toBe(false);
  });

  it('gives every person’s transition an operator twin that needs a reason', () => {
    const personal = DEAL_ACTIONS.filter((a) =>
      ['owner', 'worker'].includes(DEAL_TRANSITIONS[a].actor),
    );
    expect(OPERATOR_TWIN_ACTIONS.sort()).toEqual(personal.map((a) => `${a}-by-operator`).sort());
    for (const twin of OPERATOR_TWIN_ACTIONS) {
      const rule = DEAL_TRANSITIONS[twin];
      const of = DEAL_TRANSITIONS[twin.replace(/-by-operator$/, '') as typeof twin];
      expect(rule).toMatchObject({ actor: 'operator', reason: true, to: of.to, money: of.money });
    }
  });

  it('leaves no final state, and every money action leaves escrow as a final state needs', () => {
    for (const action of DEAL_ACTIONS)
      for (const state of FINAL_DEAL_STATES)
        expect(DEAL_TRANSITIONS[action].from as readonly string[]).not.toContain(state);
    // Into a final state only with the escrow emptied (refund, a settlement, payout) or never filled.
    for (const action of DEAL_ACTIONS) {
      const rule = DEAL_TRANSITIONS[action];
      if (rule.to === 'cancelled' || rule.to === 'expired')
        expect(
          rule.money === 'refund' ||
            rule.money === 'settle' ||
            rule.from.every((s) => s === 'awaiting-payment'),
        ).toBe(true);
    }
  });
});
