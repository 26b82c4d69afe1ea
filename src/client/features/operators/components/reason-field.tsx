import { TextareaField } from '../../../components/ui/textarea-field.tsx';

/** Every operator action asks why: the audit log keeps it (and the person may be told). */
export const REASON_MAX = 1000;

/** The required "Reason" of an operator's action; the server's refusal shows beneath it. */
export function ReasonField({ hint }: { hint?: string }) {
  return (
    <TextareaField
      label="Reason"
      name="reason"
      required
      rows={3}
      maxLength={REASON_MAX}
      hint={hint ?? 'Kept in the audit log.'}
    />
  );
}
