import { describe, expect, it } from 'vitest';
import { DEAL_STEP_BUTTONS, DEAL_STATE_WORDS, formatCents, posterLines, toCents } from './words.ts';
import { DEAL_ACTIONS, DEAL_STATES } from './deal-machine.ts';
import { dealStepWords } from './step-words.ts';
import { quote } from './fees.ts';

describe('payment words', () => {
  it('formats cents as dollars, negative with a minus sign', () => {
    expect(formatCents(12_345_050)).toBe('$123,450.50');
    expect(formatCents({ amount: -1800, currency: 'USD' })).toBe('−$18.00');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('turns a bid in dollars into whole cents without float drift', () => {
    expect(toCents(120)).toBe(12_000);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(99.99)).toBe(9999);
  });

  it('lists what the poster pays: price, booking fee, total', () => {
    const lines = posterLines(quote({ amount: 12_000, currency: 'USD' }));
    expect(lines.rows).toEqual([
      { label: 'Price', amount: 12_000 },
      { label: 'Booking fee', amount: 600 },
    ]);
    expect(lines.total).toEqual({ label: 'You pay', amount: 12_600 });
  });

  it('names every state, every step and every button’s action', () => {
    for (const state of DEAL_STATES) expect(DEAL_STATE_WORDS[state]).toBeTruthy();
    for (const action of DEAL_ACTIONS) expect(dealStepWords(action)).not.toBe(action);
    for (const button of DEAL_STEP_BUTTONS)
      for (const side of ['owner', 'worker'] as const)
        expect(DEAL_ACTIONS).toContain(button.action(side));
  });

  it('never says escrow', () => {
    const words = JSON.stringify([
      DEAL_STATE_WORDS,
      DEAL_STEP_BUTTONS.map((b) => [b.label, b.question]),
    ]);
    expect(words.toLowerCase()).not.toContain('escrow');
  });
});
