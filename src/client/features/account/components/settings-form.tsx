import type { ReactNode } from 'react';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { FailureAlert, FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton, type SubmitSpec } from '../../../components/ui/submit-button.tsx';
import {
  useSettingsFetcher,
  type SettingsDone,
  type SettingsIntent,
} from '../hooks/use-settings-fetcher.ts';

interface SettingsFormProps {
  intent: SettingsIntent;
  submit: SubmitSpec;
  /** What the form says once the action is done (nothing when null). */
  doneText: (done: SettingsDone) => ReactNode;
  /** Empty the fields once it is done (a password, a new address); a profile keeps them. */
  resetWhenDone?: boolean;
  /** Beside the submit button, e.g. a link to what the form changed. */
  beside?: ReactNode;
  children: ReactNode;
}

/**
 * A settings form: its fields posted with `intent` to its section route's action through a
 * fetcher, the server's issues beside the fields, a failure without issues in an alert, then
 * the done sentence, and the submit button.
 */
export function SettingsForm(props: SettingsFormProps) {
  const { intent, submit, doneText, resetWhenDone = false, beside, children } = props;
  const { fetcher, busy, failure, errors, done, form } = useSettingsFetcher();
  const doneMessage = done ? doneText(done) : null;
  const button = <SubmitButton busy={busy} {...submit} className={beside ? '' : 'sm:self-start'} />;
  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form
        ref={resetWhenDone ? form : undefined}
        method="post"
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
        <FailureAlert failure={failure} />
        {doneMessage ? <FormAlert tone="success">{doneMessage}</FormAlert> : null}
        {beside ? (
          <div className="flex flex-wrap items-center gap-4">
            {button}
            {beside}
          </div>
        ) : (
          button
        )}
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
