import type { BidRevision } from '../../../../shared/bids/schema.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';

/** An offer's earlier versions, newest first, behind "Earlier versions (n)". */
export function BidRevisions({ history }: { history: BidRevision[] }) {
  if (history.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">Earlier versions ({history.length})</summary>
      <ol className="mt-2 flex flex-col gap-2 border-l-2 border-base-300 pl-3">
        {history.map((was) => (
          <li key={was.replacedAt}>
            <p>
              <span className="font-semibold">{formatMoney(was.amount)}</span> · done by{' '}
              {formatDate(was.deadline)}
              {was.status === 'withdrawn' ? ' · withdrawn' : ''}
            </p>
            <p className="text-base-content/70">Changed {formatDateTime(was.replacedAt)}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
