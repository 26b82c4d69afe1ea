import { BadgePercent } from 'lucide-react';
import { discountedPrice, hasBidDiscount } from '../../../../shared/discount.ts';
import { formatMoney } from '../../../lib/format.ts';

/**
 * The budget; from the third bid on, budget × 0.9 with the original struck through and
 * `10% discount applied!` (docs/product.md).
 */
export function TaskBudget({ budget, bidCount }: { budget: number | null; bidCount: number }) {
  if (budget === null || !hasBidDiscount(bidCount)) {
    return <p className="text-2xl font-bold text-primary">{formatMoney(budget, 'Open budget')}</p>;
  }
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-2xl font-bold text-primary">
          {formatMoney(discountedPrice(budget))}
        </span>
        <del className="text-base-content/70">
          <span className="sr-only">Original budget </span>
          {formatMoney(budget)}
        </del>
      </p>
      <p className="mt-1 flex items-center gap-1 text-sm font-medium text-success">
        <BadgePercent className="size-4" aria-hidden="true" />
        10% discount applied!
      </p>
    </div>
  );
}
