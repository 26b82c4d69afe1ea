import { formatCents, type AmountLine } from '../../../shared/payments/words.ts';

/** Lines of money (price, fees) and their total in bold, as a list of terms. */
export function AmountList({ rows, total }: { rows: readonly AmountLine[]; total: AmountLine }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-base-content/75">{row.label}</dt>
          <dd className="text-right tabular-nums">{formatCents(row.amount)}</dd>
        </div>
      ))}
      <dt className="border-t border-base-300 pt-1 font-semibold">{total.label}</dt>
      <dd className="border-t border-base-300 pt-1 text-right font-semibold tabular-nums">
        {formatCents(total.amount)}
      </dd>
    </dl>
  );
}
