import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { EARNINGS_KIND_WORDS, formatCents } from '../../../../shared/payments/words.ts';
import type { Money } from '../../../../shared/payments/money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { EARNINGS_CSV_URL, type Earnings } from '../api/deals-api.ts';

/**
 * A worker's earnings: released and not paid out yet, secured in deals going on, paid out;
 * the lines newest first and the CSV.
 */
export function EarningsView({ earnings, olderHref }: { earnings: Earnings; olderHref?: string }) {
  const figures: [string, Money][] = [
    ['Ready to be paid out', earnings.balance],
    ['Secured in work going on', earnings.pending],
    ['Paid out', earnings.paidOut],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map(([label, amount]) => (
          <div key={label} className="rounded-box bg-base-200 p-4">
            <dt className="text-sm text-base-content/75">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatCents(amount)}</dd>
          </div>
        ))}
      </dl>
      {earnings.lines.length === 0 ? (
        <p className="text-base-content/75">No earnings yet. Payments you receive appear here.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Earnings, newest first</caption>
            <thead>
              <tr className="text-base-content/75">
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col">Task</th>
                <th scope="col" className="text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {earnings.lines.map((line, index) => (
                <tr key={`${line.at}-${index}`}>
                  <td className="whitespace-nowrap">
                    <time dateTime={line.at}>{formatDateTime(line.at)}</time>
                  </td>
                  <td>{EARNINGS_KIND_WORDS[line.kind] ?? line.kind}</td>
                  <td className="max-w-48 truncate">
                    {line.taskId ? (
                      <Link to={`/browse-tasks/${line.taskId}`} className="link" dir="auto">
                        {line.taskTitle ?? 'Task'}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="text-right tabular-nums">{formatCents(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={EARNINGS_CSV_URL} download className="btn btn-outline btn-sm">
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
        {olderHref ? (
          <Link to={olderHref} className="btn btn-ghost btn-sm">
            Older lines
          </Link>
        ) : null}
      </div>
    </div>
  );
}
