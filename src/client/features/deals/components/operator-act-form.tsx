import { UserCog } from 'lucide-react';
import { Form } from 'react-router';
import { dealStepWords } from '../../../../shared/payments/step-words.ts';
import { FAULT_WORDS } from '../../../../shared/payments/words.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ReasonField } from './reason-field.tsx';

/**
 * An operator taking a side's step for them (intent `act`): the steps the deal's state
 * allows, a reason, and whose fault for a cancellation asked.
 */
export function OperatorActForm({ actions, busy }: { actions: readonly string[]; busy: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="act" />
      <SelectField
        label="Step"
        name="action"
        required
        defaultValue=""
        placeholder="Choose a step"
        options={actions.map((action) => ({ value: action, label: dealStepWords(action) }))}
      />
      <SelectField
        label="Whose fault (for a cancellation)"
        name="fault"
        defaultValue=""
        options={[
          { value: '', label: 'Not a cancellation' },
          ...Object.entries(FAULT_WORDS).map(([value, label]) => ({ value, label })),
        ]}
      />
      <ReasonField />
      <SubmitButton
        label="Take this step"
        busyLabel="Taking the step"
        icon={UserCog}
        busy={busy}
        className="self-start"
      />
    </Form>
  );
}
