import { Ban } from 'lucide-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { UnblockButton } from './unblock-button.tsx';

interface BlockButtonProps {
  userId: string;
  name: string;
  /** Whether I blocked them already: then the button unblocks. */
  blocked: boolean;
  className?: string;
}

/**
 * "Block" (asking first, naming what it does) or, once blocked, "Unblock". Both post to the
 * screen's action (`blockIntents`), whose data reloads.
 */
export function BlockButton({ userId, name, blocked, className = '' }: BlockButtonProps) {
  const [asking, setAsking] = useState(false);
  if (blocked) return <UnblockButton userId={userId} name={name} className={className} />;
  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost btn-sm ${className}`}
        aria-label={`Block ${name}`}
        onClick={() => setAsking(true)}
      >
        <Ban className="size-4" aria-hidden="true" />
        Block
      </button>
      <ConfirmActionDialog
        open={asking}
        title={`Block ${name}?`}
        tone="warning"
        confirmLabel="Block"
        busyLabel="Blocking"
        confirmClassName="btn-error"
        cancelLabel="Cancel"
        intent="block"
        values={{ userId }}
        onDone={() => setAsking(false)}
        onClose={() => setAsking(false)}
      >
        <ul className="list-disc space-y-1 ps-5 text-start text-sm">
          <li>They can’t message you, bid on your tasks or ask questions on them.</li>
          <li>You no longer see their bids, questions or messages.</li>
          <li>Your conversations with them close: neither of you can write.</li>
        </ul>
        <p className="text-sm">
          They are not told: they only see that they can’t contact you. You can unblock them any
          time in Settings, under Blocked people.
        </p>
      </ConfirmActionDialog>
    </>
  );
}
