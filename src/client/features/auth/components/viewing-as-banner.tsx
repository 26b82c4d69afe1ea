import { Eye, LogOut } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../../shared/users/schema.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { stopViewing } from '../../../lib/auth/auth-api.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Above everything while an admin views the app as someone else: whose account it is, that
 * nothing can be changed, until when, and the way back to the admin's own session (a full
 * load: every cached answer belonged to the person viewed).
 */
export function ViewingAsBanner({ user, until }: { user: SessionUser; until: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      await stopViewing();
      window.location.assign(`/admin/people/${encodeURIComponent(user.id)}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <section aria-label="Viewing as another person" className="bg-info text-info-content">
      <div className="page-container flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
        <Eye className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm break-words">
          <strong className="font-semibold">
            You are viewing TaskBid as <span dir="auto">{user.displayName || user.email}</span>.
          </strong>{' '}
          Nothing can be changed. This view ends at {timeFormat.format(new Date(until))}.
          {error ? <span role="alert"> {error}</span> : null}
        </p>
        <button type="button" className="btn btn-sm" onClick={stop} disabled={busy}>
          <LogOut className="size-4" aria-hidden="true" />
          {busy ? 'Stopping' : 'Stop viewing'}
        </button>
      </div>
    </section>
  );
}
