import { EyeOff, Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  hasRole,
  OUTRANKED_MESSAGE,
  outranks,
  RULE_IDS,
  RULES,
  type Role,
} from '../../../../shared/operators/rules.ts';
import type { ConsoleTask } from '../../../../shared/operators/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ReasonField } from './reason-field.tsx';

const RULE_OPTIONS = RULE_IDS.map((id) => ({ value: id, label: RULES[id] }));

interface TaskActionsProps {
  task: ConsoleTask;
  me: { id: string; role: Role };
}

/**
 * A moderator's actions on a task whose owner they outrank: **Hide** (gone for everyone but
 * its owner, who is told the rule and the reason) or, once hidden or held, **Restore**. Each
 * asks why in a dialog posting its intent to the screen's action.
 */
export function TaskActions({ task, me }: TaskActionsProps) {
  const [asking, setAsking] = useState<'hide' | 'restore' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!hasRole(me.role, 'moderator')) {
    return <p className="text-sm text-base-content/75">Support reads; moderators act on tasks.</p>;
  }
  if (task.owner.id === me.id || !outranks(me.role, task.owner.role)) {
    return <p className="text-sm text-base-content/75">{OUTRANKED_MESSAGE}</p>;
  }
  const hidden = task.moderation === 'removed' || task.moderation === 'held';
  const common = (kind: 'hide' | 'restore', said: string) => ({
    open: asking === kind,
    tone: 'warning' as const,
    intent: kind,
    values: { id: task.id },
    onDone: () => {
      setAsking(null);
      setDone(said);
    },
    onClose: () => setAsking(null),
  });
  const open = (kind: 'hide' | 'restore') => () => {
    setDone(null);
    setAsking(kind);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {task.moderation !== 'removed' ? (
          <button type="button" className="btn btn-sm btn-error" onClick={open('hide')}>
            <EyeOff className="size-4" aria-hidden="true" />
            Hide
          </button>
        ) : null}
        {hidden ? (
          <button type="button" className="btn btn-sm btn-success" onClick={open('restore')}>
            <Undo2 className="size-4" aria-hidden="true" />
            Restore
          </button>
        ) : null}
      </div>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <ConfirmActionDialog
        {...common('hide', 'Hidden: only its owner sees it, and they were told why by e-mail.')}
        title="Hide this task?"
        confirmLabel="Hide"
        busyLabel="Hiding"
        confirmClassName="btn-error"
        fields={['rule', 'reason']}
      >
        <p className="text-sm">
          Nobody but {task.owner.name} sees it any more: not in browse, search or on its page. They
          see it marked with the rule, and are mailed the rule and your reason.
        </p>
        <div className="flex flex-col gap-3 text-left">
          <SelectField
            label="Rule broken"
            name="rule"
            required
            defaultValue=""
            placeholder="Select a rule"
            options={RULE_OPTIONS}
          />
          <ReasonField hint="Said to the owner, and kept in the audit log." />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        {...common('restore', 'Restored: everyone sees it again, and its owner was told.')}
        title="Restore this task?"
        confirmLabel="Restore"
        busyLabel="Restoring"
        confirmClassName="btn-success"
        fields={['reason']}
      >
        <p className="text-sm">Everyone sees it again, and {task.owner.name} is told by e-mail.</p>
        <div className="text-left">
          <ReasonField />
        </div>
      </ConfirmActionDialog>
    </div>
  );
}
