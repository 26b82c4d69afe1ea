import { Eye } from 'lucide-react';
import { useState } from 'react';
import { outranks, type Role } from '../../../../shared/operators/rules.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

interface ViewAsActionProps {
  person: { id: string; name: string; role: Role };
  me: { id: string; role: Role };
}

/**
 * An admin's "View as this person": after a reason, this browser shows the app as the person
 * sees it, read-only, for 30 minutes (the screen's action reloads the page into that view).
 */
export function ViewAsAction({ person, me }: ViewAsActionProps) {
  const [asking, setAsking] = useState(false);
  if (me.role !== 'admin' || person.id === me.id || !outranks(me.role, person.role)) return null;
  return (
    <div className="mt-3">
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setAsking(true)}>
        <Eye className="size-4" aria-hidden="true" />
        View as this person
      </button>
      <ConfirmActionDialog
        open={asking}
        tone="info"
        title="View TaskBid as this person?"
        confirmLabel="View as them"
        busyLabel="Opening"
        intent="view-as"
        values={{ id: person.id }}
        fields={['reason']}
        onDone={() => setAsking(false)}
        onClose={() => setAsking(false)}
      >
        <p className="text-sm">
          This browser shows the app as {person.name} sees it for 30 minutes. Nothing can be changed
          while you view, and the view is in the audit log.
        </p>
        <div className="text-left">
          <ReasonField />
        </div>
      </ConfirmActionDialog>
    </div>
  );
}
