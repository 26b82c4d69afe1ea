import type { QueueItem } from '../../../../shared/operators/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { REPORT_TARGET_NAMES } from './report-targets.ts';
import { ReasonField } from './reason-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { RULE_IDS, RULES } from '../../../../shared/operators/rules.ts';

const RULE_OPTIONS = RULE_IDS.map((id) => ({ value: id, label: RULES[id] }));

export type Outcome = 'upheld' | 'dismissed';

interface DecideDialogProps {
  /** The item and the outcome asked about; null when none. */
  deciding: { item: QueueItem; outcome: Outcome } | null;
  onClose: () => void;
}

const WORDS = {
  upheld: {
    title: 'Uphold these reports?',
    confirmLabel: 'Uphold',
    busyLabel: 'Upholding',
    confirmClassName: 'btn-error',
    says: 'The reports were right: it is removed for everyone but its author, who is told the rule and your reason. Each reporter is told. Suspending the author is a separate step, on their page.',
  },
  dismissed: {
    title: 'Dismiss these reports?',
    confirmLabel: 'Dismiss',
    busyLabel: 'Dismissing',
    confirmClassName: 'btn-primary',
    says: 'Nothing breaks the rules here: if it was hidden while under review it shows again. Each reporter is told.',
  },
} as const;

/**
 * Uphold or dismiss a queue item, with the required reason: posts intent `decide`. A
 * refusal about the reason shows beside it, any other (another operator decided first: the
 * queue reloads behind the dialog) in the dialog.
 */
export function DecideDialog({ deciding, onClose }: DecideDialogProps) {
  const outcome = deciding?.outcome ?? 'dismissed';
  const { says, ...words } = WORDS[outcome];
  return (
    <ConfirmActionDialog
      {...words}
      open={deciding !== null}
      tone={outcome === 'upheld' ? 'warning' : 'info'}
      cancelLabel="Go back"
      intent="decide"
      values={{ id: deciding?.item.id ?? '', outcome }}
      fields={outcome === 'upheld' ? ['rule', 'reason'] : ['reason']}
      onDone={onClose}
      onClose={onClose}
    >
      <p className="text-sm">
        {deciding
          ? `${REPORT_TARGET_NAMES[deciding.item.targetType]} by ${deciding.item.authorName ?? 'an erased account'}. `
          : null}
        {says}
      </p>
      {outcome === 'upheld' ? (
        <SelectField
          // A fresh default for each item: the rule most of its reports named first.
          key={deciding?.item.id}
          label="Rule broken"
          name="rule"
          required
          defaultValue={deciding?.item.categories[0] ?? ''}
          placeholder="Select a rule"
          options={RULE_OPTIONS}
        />
      ) : null}
      <ReasonField />
    </ConfirmActionDialog>
  );
}
