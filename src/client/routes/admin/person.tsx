import { ArrowLeft } from 'lucide-react';
import { Link, redirectDocument, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isRole, type RuleId } from '../../../shared/operators/rules.ts';
import { Panel } from '../../components/ui/panel.tsx';
import {
  changeRole,
  endSessions,
  fetchPerson,
  limitPerson,
  reinstatePerson,
  suspendPerson,
  viewAsPerson,
  warnPerson,
} from '../../features/operators/api/operators-api.ts';
import { PersonActions } from '../../features/operators/components/person-actions.tsx';
import { PersonFacts } from '../../features/operators/components/person-facts.tsx';
import { PersonReports, PersonWork } from '../../features/operators/components/person-activity.tsx';
import { PersonSessions } from '../../features/operators/components/person-sessions.tsx';
import { ViewAsAction } from '../../features/operators/components/view-as-action.tsx';
import { StatementCard } from '../../features/notices/components/statement-card.tsx';
import { intentAction, shouldRevalidate } from '../../lib/action-result.ts';
import { operatorOnly, useConsoleUser } from './console-context.ts';

export { shouldRevalidate };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  return fetchPerson(params.id ?? '', request.signal);
}

export const action = intentAction({
  'end-sessions': ({ text }) => endSessions(text('id'), text('reason')),
  suspend: ({ text }) =>
    suspendPerson(text('id'), {
      until: text('until') || null,
      // Sent as posted: anything but a rule is the server's to refuse, beside the field.
      rule: text('rule') as RuleId,
      reason: text('reason'),
    }),
  // Sent as posted: anything but a rule is the server's to refuse, beside the field.
  warn: ({ text }) =>
    warnPerson(text('id'), { rule: text('rule') as RuleId, reason: text('reason') }),
  limit: ({ text }) =>
    limitPerson(text('id'), {
      until: text('until'),
      rule: text('rule') as RuleId,
      reason: text('reason'),
    }),
  reinstate: ({ text }) => reinstatePerson(text('id'), text('reason')),
  // The browser now holds the person's session: a full load, with nothing cached of the admin.
  'view-as': async ({ text }) => {
    await viewAsPerson(text('id'), text('reason'));
    return redirectDocument('/');
  },
  role: ({ text }) => {
    const role = text('role');
    return changeRole(text('id'), isRole(role) ? role : 'user', text('reason'));
  },
});

/**
 * /admin/people/:id (operators): a person's standing, activity, the notices given them (their
 * strikes) and sessions; acting on them.
 */
export function Component() {
  const person = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  return (
    <>
      <title>{`${person.name || 'Unnamed'} · People · Console · TaskBid`}</title>
      <Link to="/admin/people" className="btn btn-ghost btn-sm mb-4 -ml-2">
        <ArrowLeft className="size-4" aria-hidden="true" />
        People
      </Link>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" dir="auto">
          {person.name || 'Unnamed'}
        </h1>
        <p className="mt-1 text-base-content/75">
          <Link to={`/users/${person.id}`} className="link">
            Public profile
          </Link>
        </p>
      </header>
      <div className="flex flex-col gap-6">
        <Panel title="Account">
          <PersonFacts person={person} />
        </Panel>
        <Panel title="Actions">
          <PersonActions person={person} me={me} />
          <ViewAsAction person={person} me={me} />
        </Panel>
        <Panel title={`Notices given (${person.statements.length})`}>
          {person.statements.length === 0 ? (
            <p className="text-sm text-base-content/75">No warnings, limits or suspensions.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {person.statements.map((statement) => (
                <li key={statement.id}>
                  <StatementCard statement={statement} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Activity">
          <PersonWork person={person} />
        </Panel>
        <Panel title="Reports">
          <PersonReports person={person} />
        </Panel>
        <Panel title={`Open sessions (${person.sessions.length})`}>
          <PersonSessions sessions={person.sessions} />
        </Panel>
      </div>
    </>
  );
}
