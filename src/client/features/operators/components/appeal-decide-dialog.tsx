import type { Appeal } from '../../../../shared/operators/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

export type AppealOutcome = 'upheld' | 'overturned';

const WORDS = {
  upheld: {
    title: 'Uphold the decision?',
    confirmLabel: 'Uphold',
    busyLabel: 'Upholding',
    confirmClassName: 'btn-primary',
    says: 'The decision stands. They are told, with your reason.',
  },
  overturned: {
    title: 'Overturn the decision?',
    confirmLabel: 'Overturn',
    busyLabel: 'Overturning',
    confirmClassName: 'btn-warning',
    says: 'A limit or suspension it made is lifted now; the notice says overturned. They are told, with your reason.',
  },
} as const;

interface AppealDecideDialogProps {
  deciding: { appeal: Appeal; outcome: AppealOutcome } | null;
  onClose: () => void;
}

/** Uphold or overturn an appeal, with the required reason: posts intent `decide`. */
export function AppealDecideDialog({ deciding, onClose }: AppealDecideDialogProps) {
  const outcome = deciding?.outcome ?? 'upheld';
  const { says, ...words } = WORDS[outcome];
  return (
    <ConfirmActionDialog
      {...words}
      open={deciding !== null}
      tone={outcome === 'overturned' ? 'warning' : 'info'}
      intent="decide"
      values={{ id: deciding?.appeal.id ?? '', outcome }}
      fields={['reason']}
      onDone={onClose}
      onClose={onClose}
    >
      <p className="text-sm">
        {deciding ? `${deciding.appeal.personName || 'Unnamed'}’s appeal. ` : null}
        {says}
      </p>
      <ReasonField hint="Said to them, and kept in the audit log." />
    </ConfirmActionDialog>
  );
}
