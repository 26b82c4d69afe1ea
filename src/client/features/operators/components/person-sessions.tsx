import type { OperatorPersonDetail } from '../../../../shared/operators/schema.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** A person's open sessions: when each started and was last used, from where, with what. */
export function PersonSessions({ sessions }: { sessions: OperatorPersonDetail['sessions'] }) {
  if (sessions.length === 0)
    return <p className="text-sm text-base-content/75">No open sessions: signed out everywhere.</p>;
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300"
      role="region"
      aria-label="Open sessions"
      // Nothing in it takes focus, so the box does: a keyboard scrolls it to the IP and browser.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="table table-sm">
        <thead>
          <tr className="text-base-content/75">
            <th scope="col">Last seen</th>
            <th scope="col">Started</th>
            <th scope="col">IP address</th>
            <th scope="col">Browser</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className="whitespace-nowrap">{formatDateTime(session.lastSeenAt)}</td>
              <td className="whitespace-nowrap">{formatDateTime(session.createdAt)}</td>
              <td className="font-mono text-xs">{session.ipAddress ?? 'Unknown'}</td>
              <td className="min-w-60 text-xs break-words">{session.userAgent ?? 'Unknown'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
