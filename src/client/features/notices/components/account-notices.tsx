import { Scale } from 'lucide-react';
import { useState } from 'react';
import { APPEAL_DAYS } from '../../../../shared/operators/rules.ts';
import type { Statement } from '../../../../shared/operators/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { StatementCard } from './statement-card.tsx';

const APPEAL_MAX = 2000;

/** Whether the person may still appeal a statement here. */
const appealable = (statement: Statement, now: number) =>
  statement.appealState === null && Date.parse(statement.appealableUntil) > now;

/**
 * The person's account notices, newest first, each with **Appeal** while it can be appealed
 * (once, within APPEAL_DAYS days): a dialog asks why, and the notice then says the appeal
 * waits for a moderator.
 */
export function AccountNotices({ list }: { list: Statement[] }) {
  const [appealing, setAppealing] = useState<Statement | null>(null);
  const [sent, setSent] = useState(false);
  const [now] = useState(() => Date.now());
  if (list.length === 0) {
    return (
      <p className="text-base-content/75">
        No notices: our moderators have not acted on your account.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {sent ? (
        <FormAlert tone="success">
          Your appeal is sent. A moderator who did not make the decision reviews it, and we tell you
          the outcome by e-mail and here.
        </FormAlert>
      ) : null}
      <ul className="flex flex-col gap-4">
        {list.map((statement) => (
          <li key={statement.id}>
            <StatementCard statement={statement}>
              {appealable(statement, now) ? (
                <div className="flex flex-wrap items-center gap-3">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => {
                      setSent(false);
                      setAppealing(statement);
                    }}
                  >
                    <Scale className="size-4" aria-hidden="true" />
                    Appeal
                  </button>
                  <span className="text-sm text-base-content/75">
                    Possible until {formatDate(statement.appealableUntil)}
                  </span>
                </div>
              ) : null}
            </StatementCard>
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        open={appealing !== null}
        title="Appeal this decision?"
        tone="info"
        confirmLabel="Send appeal"
        busyLabel="Sending"
        intent="appeal"
        values={{ id: appealing?.id ?? '' }}
        fields={['text']}
        onDone={() => {
          setAppealing(null);
          setSent(true);
        }}
        onClose={() => setAppealing(null)}
      >
        <p className="text-sm">
          Say why you think the decision is wrong. Each decision can be appealed once, within{' '}
          {APPEAL_DAYS} days.
        </p>
        <div className="text-left">
          <TextareaField
            label="Why it is wrong"
            name="text"
            required
            rows={4}
            maxLength={APPEAL_MAX}
          />
        </div>
      </ConfirmActionDialog>
    </div>
  );
}
