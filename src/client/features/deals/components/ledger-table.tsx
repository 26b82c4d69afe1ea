import {
  LEDGER_ACCOUNT_WORDS,
  LEDGER_KIND_WORDS,
} from '../../../../shared/payments/ledger-words.ts';
import { formatCents } from '../../../../shared/payments/words.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { DealLedgerLine } from '../api/admin-deals-api.ts';

/** The postings of a deal's ledger transactions: when, which movement, which account, how much. */
export function LedgerTable({ lines }: { lines: readonly DealLedgerLine[] }) {
  if (lines.length === 0) return <p className="text-base-content/75">No money has moved yet.</p>;
  return (
    <div
      className="overflow-x-auto"
      role="region"
      aria-label="Postings"
      // Nothing in it takes focus, so the box does: a keyboard scrolls it on a narrow screen.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="table table-sm">
        <thead>
          <tr className="text-base-content/75">
            <th scope="col">Date</th>
            <th scope="col">Movement</th>
            <th scope="col">Account</th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.at}-${index}`}>
              <td className="whitespace-nowrap">{formatDateTime(line.at)}</td>
              <td>{LEDGER_KIND_WORDS[line.kind] ?? line.kind}</td>
              <td>{LEDGER_ACCOUNT_WORDS[line.accountKind] ?? line.accountKind}</td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {formatCents(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
