import type { DEAL_STEP_BUTTONS } from '../../../../shared/payments/words.ts';
import { FAULT_WORDS } from '../../../../shared/payments/words.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ReasonField } from './reason-field.tsx';

export type DealStepButton = (typeof DEAL_STEP_BUTTONS)[number];

interface DealStepDialogProps {
  dealId: string;
  /** The step asked about; null when none. */
  button: DealStepButton | null;
  onClose: () => void;
}

/**
 * A deal step's question, with a reason (and whose fault) where the step needs one; yes
 * posts intent `deal` with the deal's id and the step to the screen's action.
 */
export function DealStepDialog({ dealId, button, onClose }: DealStepDialogProps) {
  return (
    <ConfirmActionDialog
      open={button !== null}
      title={button ? `${button.label}?` : ''}
      tone="info"
      confirmLabel={button?.label ?? ''}
      busyLabel="Sending"
      intent="deal"
      values={{ dealId, step: button?.step ?? '' }}
      fields={['reason', 'fault']}
      onDone={onClose}
      onClose={onClose}
    >
      {button ? (
        <>
          <p className="text-sm">{button.question}</p>
          {button.ask !== 'none' ? <ReasonField /> : null}
          {button.ask === 'fault' ? (
            <SelectField
              label="Whose fault is it?"
              name="fault"
              required
              defaultValue=""
              placeholder="Choose"
              options={Object.entries(FAULT_WORDS).map(([value, label]) => ({ value, label }))}
            />
          ) : null}
        </>
      ) : null}
    </ConfirmActionDialog>
  );
}
