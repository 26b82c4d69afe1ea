import { Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-router';
import type { ErrorBody, ErrorIssue } from '../../../../shared/errors.ts';
import {
  WORD_ACTION_NAMES,
  WORD_ACTIONS,
  type WatchedWord,
} from '../../../../shared/moderation/watched-words.ts';
import { RULES, RULE_IDS } from '../../../../shared/operators/rules.ts';
import type { ModerationSettings } from '../../../../shared/operators/schema.ts';
import { FieldErrorsContext, type FieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useSubmitting } from '../../../lib/pending.ts';
import { ReasonField } from './reason-field.tsx';

/**
 * Each issue by its whole path after `body` (`newAccount.tasks`, `watchedWords.2.word`): the
 * settings' fields are named so, unlike a flat form's (`fieldErrors` keeps the first segment).
 */
function settingsErrors(issues: readonly ErrorIssue[] | undefined): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const path = issue.path.replace(/^body\.?/, '');
    errors[path] ??= issue.message;
  }
  return errors;
}

const LIMITS = [
  { key: 'tasks', label: 'Tasks', hint: 'Tasks a new account may post.' },
  { key: 'bids', label: 'Bids', hint: 'Offers a new account may place (changing one is free).' },
  { key: 'messages', label: 'Messages', hint: 'Messages a new account may send.' },
  {
    key: 'linkFreeMessages',
    label: 'Messages without links',
    hint: 'Its first this many messages may not hold a link; 0 allows links at once.',
  },
] as const;

const CATEGORY_OPTIONS = [
  { value: '', label: 'Another breach (default)' },
  ...RULE_IDS.filter((id) => id !== 'other').map((id) => ({ value: id, label: RULES[id] })),
];
const ACTION_OPTIONS = WORD_ACTIONS.map((a) => ({ value: a, label: WORD_ACTION_NAMES[a] }));

interface Row extends WatchedWord {
  /** The row's React key: rows keep their typed values as others are removed. */
  key: number;
}

interface SettingsFormProps {
  settings: ModerationSettings;
  failure: ErrorBody | null;
  saved: boolean;
}

/**
 * The console's settings form: the hide threshold, what an account may post in its first day,
 * the watched words (a row each, added and removed here, all saved together) and the reason.
 */
export function SettingsForm({ settings, failure, saved }: SettingsFormProps) {
  const busy = useSubmitting();
  const errors = useMemo(() => settingsErrors(failure?.issues), [failure]);
  const [rows, setRows] = useState<Row[]>(() =>
    settings.watchedWords.map((word, key) => ({ ...word, key })),
  );
  const [nextKey, setNextKey] = useState(settings.watchedWords.length);
  // A new row takes the focus; a removed row's focus goes to "Add a word".
  const focusNewRow = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusNewRow.current) return;
    focusNewRow.current = false;
    list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  }, [rows]);
  const listError = errors.watchedWords;
  const general = failure && !failure.issues?.length ? failure.message : null;

  function addRow() {
    setRows([...rows, { key: nextKey, word: '', action: 'flag' }]);
    focusNewRow.current = true;
    setNextKey(nextKey + 1);
  }

  return (
    <FieldErrorsContext value={errors}>
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <input type="hidden" name="intent" value="save" />
        {general ? <FormAlert tone="error">{general}</FormAlert> : null}
        {saved && !failure ? <FormAlert tone="success">Settings saved.</FormAlert> : null}
        <Panel title="Review queue">
          <InputField
            label="Hide threshold"
            name="hideScore"
            type="number"
            inputMode="decimal"
            min={1}
            max={100}
            step="any"
            defaultValue={settings.hideScore}
            className="sm:max-w-xs"
            hint="Reported content is hidden pending review once its reports weigh this much. A member's first report weighs 1, an operator's 3."
          />
        </Panel>
        <Panel title="New accounts">
          <p className="text-sm text-base-content/75">
            What an account may post in its first 24 hours. Past a limit it is told when it can post
            again.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {LIMITS.map(({ key, label, hint }) => (
              <InputField
                key={key}
                label={label}
                name={`newAccount.${key}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={settings.newAccount[key]}
                hint={hint}
              />
            ))}
          </div>
        </Panel>
        <Panel title="Watched words">
          <p className="text-sm text-base-content/75">
            Found as whole words in tasks, questions, answers, bids, messages and reviews, in any
            case. Block refuses the text; hold saves it hidden until a moderator looks; flag saves
            it and puts it in the review queue; mask replaces the word with •••.
          </p>
          {listError ? <FormAlert tone="error">{`Watched words: ${listError}`}</FormAlert> : null}
          {rows.length === 0 ? (
            <p className="text-sm text-base-content/75">No watched words yet.</p>
          ) : (
            <ol ref={list} className="flex flex-col gap-3">
              {rows.map((row, index) => (
                <li key={row.key}>
                  <fieldset className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[2fr_1.5fr_1.5fr_auto] sm:items-start">
                    <legend className="px-1 text-sm font-medium">Word {index + 1}</legend>
                    <InputField
                      label="Word or phrase"
                      name={`watchedWords.${index}.word`}
                      defaultValue={row.word}
                      maxLength={100}
                      autoComplete="off"
                      dir="auto"
                    />
                    <SelectField
                      label="Action"
                      name={`watchedWords.${index}.action`}
                      defaultValue={row.action}
                      options={ACTION_OPTIONS}
                    />
                    <SelectField
                      label="Report category"
                      name={`watchedWords.${index}.category`}
                      defaultValue={row.category ?? ''}
                      options={CATEGORY_OPTIONS}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm border-base-300 sm:mt-7"
                      aria-label={`Remove word ${index + 1}`}
                      onClick={() => {
                        setRows(rows.filter((r) => r.key !== row.key));
                        addButton.current?.focus();
                      }}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Remove
                    </button>
                  </fieldset>
                </li>
              ))}
            </ol>
          )}
          <div>
            <button type="button" className="btn btn-sm" onClick={addRow} ref={addButton}>
              <Plus className="size-4" aria-hidden="true" />
              Add a word
            </button>
          </div>
        </Panel>
        <Panel title="Save">
          <ReasonField hint="Kept in the audit log with the settings before and after." />
          <div>
            <SubmitButton busy={busy} label="Save settings" busyLabel="Saving" icon={Save} />
          </div>
        </Panel>
      </Form>
    </FieldErrorsContext>
  );
}
