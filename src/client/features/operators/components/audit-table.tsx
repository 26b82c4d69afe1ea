import { Link } from 'react-router';
import type { AuditEntryView } from '../../../../shared/operators/schema.ts';
import { formatDateTime } from '../../../lib/format.ts';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What changed, one line a field: `role: user → moderator`. */
export function changes(entry: Pick<AuditEntryView, 'before' | 'after'>): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys].map((key) => {
    const before = entry.before?.[key];
    const after = entry.after?.[key];
    if (entry.before === null || !(key in entry.before)) return `${key}: ${show(after)}`;
    return `${key}: ${show(before)} → ${show(after)}`;
  });
}

/** The audit log's rows, newest first; a person's id opens their page. */
export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm">
        <thead>
          <tr className="text-base-content/75">
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Change</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap">{formatDateTime(entry.at)}</td>
              <td className="min-w-32">
                {entry.actorId ? (
                  <Link to={`/admin/people/${entry.actorId}`} className="link" dir="auto">
                    {entry.actorName ?? entry.actorId}
                  </Link>
                ) : (
                  'Command line'
                )}
                <span className="block text-xs text-base-content/70">{entry.actorRole}</span>
              </td>
              <td className="font-mono text-xs whitespace-nowrap">{entry.action}</td>
              <td className="min-w-40">
                {entry.targetType === 'person' ? (
                  <Link to={`/admin/people/${entry.targetId}`} className="link">
                    person
                  </Link>
                ) : (
                  entry.targetType
                )}
                <span className="block font-mono text-xs break-all text-base-content/70">
                  {entry.targetId}
                </span>
              </td>
              <td className="min-w-48 text-xs">
                {changes(entry).map((line) => (
                  <span key={line} className="block break-words">
                    {line}
                  </span>
                ))}
              </td>
              <td className="min-w-48 break-words" dir="auto">
                {entry.reason ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
