import { Ban, CalendarClock, Eye, LogOut, TriangleAlert, UserCog, Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  grantableRoles,
  hasRole,
  MAX_LIMIT_DAYS,
  MAX_SUSPENSION_DAYS,
  OUTRANKED_MESSAGE,
  outranks,
  ROLE_NAMES,
  RULE_IDS,
  RULES,
  type Role,
} from '../../../../shared/operators/rules.ts';
import type { OperatorPersonDetail } from '../../../../shared/operators/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ReasonField } from './reason-field.tsx';

type Asking = 'end-sessions' | 'warn' | 'limit' | 'suspend' | 'ban' | 'reinstate' | 'role';

const DAY_MS = 86_400_000;
/** A UTC day from today, as a date input reads it. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const RULE_OPTIONS = RULE_IDS.map((id) => ({ value: id, label: RULES[id] }));

/** Each action's dialog words, and what the screen says once it is done. */
const ACTIONS = {
  'end-sessions': {
    intent: 'end-sessions',
    title: 'Sign out everywhere?',
    confirmLabel: 'Sign out everywhere',
    busyLabel: 'Signing out',
    confirmClassName: 'btn-warning',
    done: 'Signed out everywhere.',
    fields: ['reason'],
  },
  warn: {
    intent: 'warn',
    title: 'Warn this person?',
    confirmLabel: 'Warn',
    busyLabel: 'Warning',
    confirmClassName: 'btn-warning',
    done: 'Warned: they read why under Account notices, and by e-mail.',
    fields: ['rule', 'reason'],
  },
  limit: {
    intent: 'limit',
    title: 'Limit this account?',
    confirmLabel: 'Limit',
    busyLabel: 'Limiting',
    confirmClassName: 'btn-warning',
    done: 'Limited: read-only until that day, and told why under Account notices and by e-mail.',
    fields: ['until', 'rule', 'reason'],
  },
  suspend: {
    intent: 'suspend',
    title: 'Suspend this account?',
    confirmLabel: 'Suspend',
    busyLabel: 'Suspending',
    confirmClassName: 'btn-error',
    done: 'Suspended, signed out everywhere, and told why by e-mail.',
    fields: ['until', 'rule', 'reason'],
  },
  ban: {
    intent: 'suspend',
    title: 'Ban this account?',
    confirmLabel: 'Ban',
    busyLabel: 'Banning',
    confirmClassName: 'btn-error',
    done: 'Banned, signed out everywhere, and told why by e-mail.',
    fields: ['rule', 'reason'],
  },
  reinstate: {
    intent: 'reinstate',
    title: 'Reinstate this account?',
    confirmLabel: 'Reinstate',
    busyLabel: 'Reinstating',
    confirmClassName: 'btn-success',
    done: 'Reinstated: the suspension or limit is lifted, and they are told by e-mail.',
    fields: ['reason'],
  },
  role: {
    intent: 'role',
    title: 'Change the role?',
    confirmLabel: 'Change role',
    busyLabel: 'Changing',
    confirmClassName: 'btn-primary',
    done: 'Role changed; it applies from their next request.',
    fields: ['role', 'reason'],
  },
} as const;

interface PersonActionsProps {
  person: OperatorPersonDetail;
  me: { id: string; role: Role };
}

/**
 * What a moderator (or an admin) may do to a person ranked below them, each in a dialog that
 * asks why: sign out everywhere, warn, limit to read-only until a date, suspend until a date,
 * ban, reinstate (lifts a suspension, a ban or a limit); an admin also changes
 * the role. Each posts its intent to the screen's action; a refusal shows in the dialog, a
 * field's beside the field.
 */
export function PersonActions({ person, me }: PersonActionsProps) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!hasRole(me.role, 'moderator')) {
    return (
      <p className="text-sm text-base-content/75">Support reads; moderators act on accounts.</p>
    );
  }
  if (person.id === me.id) {
    return <p className="text-sm text-base-content/75">This is your own account.</p>;
  }
  if (!outranks(me.role, person.role)) {
    return <p className="text-sm text-base-content/75">{OUTRANKED_MESSAGE}</p>;
  }
  const roles = grantableRoles(me.role).filter((role) => role !== person.role);
  const dialog = (kind: Asking) => {
    const { done: said, fields, ...words } = ACTIONS[kind];
    return {
      ...words,
      fields,
      tone: 'warning' as const,
      open: asking === kind,
      values: (kind === 'ban' ? { id: person.id, until: '' } : { id: person.id }) as Record<
        string,
        string
      >,
      onDone: () => {
        setAsking(null);
        setDone(said);
      },
      onClose: () => setAsking(null),
    };
  };
  const open = (kind: Asking) => () => {
    setDone(null);
    setAsking(kind);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={open('end-sessions')}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign out everywhere
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={open('warn')}>
          <TriangleAlert className="size-4" aria-hidden="true" />
          Warn
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={open('limit')}>
          <Eye className="size-4" aria-hidden="true" />
          Limit
        </button>
        {person.banned || person.limitedUntil ? (
          <button type="button" className="btn btn-sm btn-success" onClick={open('reinstate')}>
            <Undo2 className="size-4" aria-hidden="true" />
            Reinstate
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error"
          onClick={open('suspend')}
        >
          <CalendarClock className="size-4" aria-hidden="true" />
          Suspend
        </button>
        <button type="button" className="btn btn-sm btn-error" onClick={open('ban')}>
          <Ban className="size-4" aria-hidden="true" />
          Ban
        </button>
        {roles.length > 0 ? (
          <button type="button" className="btn btn-sm btn-outline" onClick={open('role')}>
            <UserCog className="size-4" aria-hidden="true" />
            Change role
          </button>
        ) : null}
      </div>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}

      <ConfirmActionDialog {...dialog('end-sessions')}>
        <p className="text-sm">Every session of {person.name} ends now; they can sign in again.</p>
        <div className="text-left">
          <ReasonField />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialog('warn')}>
        <p className="text-sm">
          Nothing on {person.name}&rsquo;s account is restricted. They are told the rule and your
          reason under Account notices and by e-mail, and may appeal.
        </p>
        <div className="flex flex-col gap-3 text-left">
          <RuleAndReason />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialog('limit')}>
        <p className="text-sm">
          Until the day you choose, {person.name} can read but not post tasks, bid, ask, message or
          review. They are told the rule and your reason, and may appeal.
        </p>
        <div className="flex flex-col gap-3 text-left">
          <InputField
            label="Read-only until"
            name="until"
            type="date"
            required
            min={dayFromToday(1)}
            max={dayFromToday(MAX_LIMIT_DAYS)}
            hint={`They can write again from that day (UTC), at most ${MAX_LIMIT_DAYS} days ahead.`}
          />
          <RuleAndReason />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialog('suspend')}>
        <p className="text-sm">
          {person.name} is signed out everywhere and cannot sign in until the day you choose. They
          are mailed the rule, your reason and how to contest it.
        </p>
        <div className="flex flex-col gap-3 text-left">
          <InputField
            label="Suspended until"
            name="until"
            type="date"
            required
            min={dayFromToday(1)}
            max={dayFromToday(MAX_SUSPENSION_DAYS)}
            hint={`They can sign in again from that day (UTC), at most ${MAX_SUSPENSION_DAYS} days ahead.`}
          />
          <RuleAndReason />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialog('ban')}>
        <p className="text-sm">
          {person.name} is signed out everywhere and cannot sign in until reinstated. They are
          mailed the rule, your reason and how to contest it.
        </p>
        <div className="flex flex-col gap-3 text-left">
          <RuleAndReason />
        </div>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialog('reinstate')}>
        <p className="text-sm">
          {person.banned
            ? `${person.name} can sign in again at once, and is told by e-mail.`
            : `${person.name} can post, bid and write again at once, and is told by e-mail.`}
        </p>
        <div className="text-left">
          <ReasonField />
        </div>
      </ConfirmActionDialog>
      {roles.length > 0 ? (
        <ConfirmActionDialog {...dialog('role')}>
          <p className="text-sm">
            {person.name} is {ROLE_NAMES[person.role]} now. A new admin is made on the command line.
          </p>
          <div className="flex flex-col gap-3 text-left">
            <SelectField
              label="New role"
              name="role"
              required
              defaultValue=""
              placeholder="Select a role"
              options={roles.map((role) => ({ value: role, label: ROLE_NAMES[role] }))}
            />
            <ReasonField />
          </div>
        </ConfirmActionDialog>
      ) : null}
    </div>
  );
}

/** The rule broken and the reason: both said to the person, both kept in the audit log. */
function RuleAndReason() {
  return (
    <>
      <SelectField
        label="Rule broken"
        name="rule"
        required
        defaultValue=""
        placeholder="Select a rule"
        options={RULE_OPTIONS}
      />
      <ReasonField hint="Said to them, and kept in the audit log." />
    </>
  );
}
