import { Check, Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { hasRole } from '../../../shared/operators/rules.ts';
import type { Appeal } from '../../../shared/operators/schema.ts';
import { DeferredList } from '../../components/ui/deferred-list.tsx';
import { StatementCard } from '../../features/notices/components/statement-card.tsx';
import { decideAppeal, fetchAppeals } from '../../features/operators/api/operators-api.ts';
import {
  AppealDecideDialog,
  type AppealOutcome,
} from '../../features/operators/components/appeal-decide-dialog.tsx';
import { formatHours } from '../../features/operators/components/hours.ts';
import { intentAction, isFailure } from '../../lib/action-result.ts';
import { pageFrom } from '../../lib/paging.ts';
import { deferred } from '../../lib/deferred.ts';
import { operatorOnly, useConsoleUser } from './console-context.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  const page = pageFrom(request.url);
  return { page, appeals: deferred(fetchAppeals({ page, limit: PAGE_SIZE }, request.signal)) };
}

export const action = intentAction({
  decide: ({ text }) =>
    decideAppeal(
      text('id'),
      text('outcome') === 'overturned' ? 'overturned' : 'upheld',
      text('reason'),
    ),
});

/** A refusal keeps the page, unless another operator decided first: the list reloads. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isFailure(actionResult)) return actionResult.error.code === 'ALREADY_DECIDED';
  return defaultShouldRevalidate;
}

/** /admin/appeals (operators): open appeals, oldest first; moderators uphold or overturn. */
export function Component() {
  const { page, appeals } = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  const canAct = hasRole(me.role, 'moderator');
  const [deciding, setDeciding] = useState<{ appeal: Appeal; outcome: AppealOutcome } | null>(null);
  return (
    <>
      <title>Appeals · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Appeals</h1>
        <p className="mt-1 text-base-content/75">
          {canAct
            ? 'People who contest a decision about them, oldest first. Uphold it, or overturn it to lift what it restricts.'
            : 'People who contest a decision about them, oldest first. Moderators decide.'}
        </p>
      </header>
      <DeferredList
        resolve={appeals}
        page={page}
        pageSize={PAGE_SIZE}
        loadingLabel="Loading the appeals"
        failure="The appeals could not be loaded."
        pagesLabel="Appeals pages"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              No open appeals.
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {list.map((appeal) => (
                <li key={appeal.id}>
                  <AppealItem
                    appeal={appeal}
                    canAct={canAct}
                    mine={appeal.actorId === me.id}
                    onDecide={(outcome) => setDeciding({ appeal, outcome })}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </DeferredList>
      <AppealDecideDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

interface AppealItemProps {
  appeal: Appeal;
  canAct: boolean;
  /** The operator made the decision appealed: another one decides. */
  mine: boolean;
  onDecide: (outcome: AppealOutcome) => void;
}

function AppealItem({ appeal, canAct, mine, onDecide }: AppealItemProps) {
  return (
    <StatementCard statement={appeal} headingLevel="h2">
      <p className="text-sm text-base-content/75">
        <Link to={`/admin/people/${appeal.personId}`} className="link font-medium" dir="auto">
          {appeal.personName || 'Unnamed'}
        </Link>{' '}
        appealed {formatHours(appeal.ageHours)} ago.
      </p>
      {canAct && mine ? (
        <p className="text-sm text-base-content/75">
          You made this decision: another moderator decides the appeal.
        </p>
      ) : null}
      {canAct && !mine ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => onDecide('upheld')}
          >
            <Check className="size-4" aria-hidden="true" />
            Uphold
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => onDecide('overturned')}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            Overturn
          </button>
        </div>
      ) : null}
    </StatementCard>
  );
}
