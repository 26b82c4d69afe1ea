import { useId } from 'react';
import { CANCEL_REASON_MAX } from '../../../../shared/bids/rules.ts';

/** The required "Reason" of a dialog that tells the other person why (cancel, dispute). */
export function ReasonField({ placeholder }: { placeholder: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-left text-sm font-medium">
        Reason
      </label>
      <textarea
        id={id}
        name="reason"
        required
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        className="textarea w-full"
        placeholder={placeholder}
      />
    </>
  );
}
