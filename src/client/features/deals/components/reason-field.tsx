import { DEAL_REASON_LENGTH } from '../../../../shared/payments/deal-machine.ts';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';

/** The reason a deal step asks for (kept on the deal's timeline). */
export function ReasonField() {
  return (
    <TextareaField
      label="Reason"
      name="reason"
      required
      minLength={DEAL_REASON_LENGTH.min}
      maxLength={DEAL_REASON_LENGTH.max}
      rows={3}
    />
  );
}
