import { Send } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Form } from 'react-router';
import { BID_MESSAGE_MAX } from '../../../../shared/constants.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

interface BidFormProps {
  submitting: boolean;
  formRef?: Ref<HTMLFormElement>;
}

/** `Place Your Bid`: amount (min 1, step 0.01), completion deadline, optional message. */
export function BidForm({ submitting, formRef }: BidFormProps) {
  const id = useId();
  return (
    <Form
      method="post"
      ref={formRef}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Place Your Bid
      </h2>
      <FormField id={`${id}-amount`} label="Your Bid Amount ($)">
        <input
          id={`${id}-amount`}
          name="amount"
          type="number"
          required
          min={1}
          step={0.01}
          inputMode="decimal"
          placeholder="e.g. 250"
          className="input w-full"
        />
      </FormField>
      <FormField id={`${id}-deadline`} label="Completion Deadline">
        <input
          id={`${id}-deadline`}
          name="deadline"
          type="date"
          required
          className="input w-full"
        />
      </FormField>
      <FormField id={`${id}-message`} label="Message" hint="(optional)">
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={BID_MESSAGE_MAX}
          placeholder="Why are you a good fit for this task?"
          className="textarea w-full"
        />
      </FormField>
      <SubmitButton
        busy={submitting}
        busyLabel="Submitting"
        icon={<Send className="size-4" aria-hidden="true" />}
      >
        Submit Bid
      </SubmitButton>
    </Form>
  );
}
