import { useState } from 'react';
import {
  useLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { hasRole, type RuleId } from '../../../shared/operators/rules.ts';
import type { QueueItem } from '../../../shared/operators/schema.ts';
import { DeferredList } from '../../components/ui/deferred-list.tsx';
import { assignItem, decideItem, fetchQueue } from '../../features/operators/api/operators-api.ts';
import { DecideDialog, type Outcome } from '../../features/operators/components/decide-dialog.tsx';
import { QueueItemCard } from '../../features/operators/components/queue-item-card.tsx';
import { intentAction, isFailure } from '../../lib/action-result.ts';
import { pageFrom } from '../../lib/paging.ts';
import { deferred } from '../../lib/deferred.ts';
import { operatorOnly, useConsoleUser } from './console-context.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  const page = pageFrom(request.url);
  return { page, items: deferred(fetchQueue({ page, limit: PAGE_SIZE }, request.signal)) };
}

export const action = intentAction({
  assign: async ({ text }) => assignItem(text('id')),
  decide: async ({ text }) =>
    text('outcome') === 'upheld'
      ? // Sent as posted: anything but a rule is the server's to refuse, beside the field.
        decideItem(text('id'), 'upheld', text('reason'), text('rule') as RuleId)
      : decideItem(text('id'), 'dismissed', text('reason')),
});

/**
 * A refused action changed nothing and keeps the page, except when another operator got
 * there first: the item was decided meanwhile, so the queue reloads.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isFailure(actionResult)) return actionResult.error.code === 'ALREADY_DECIDED';
  return defaultShouldRevalidate;
}

/** /admin/queue (operators): open items, highest score first; moderators decide them. */
export function Component() {
  const { page, items } = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  const canAct = hasRole(me.role, 'moderator');
  const [deciding, setDeciding] = useState<{ item: QueueItem; outcome: Outcome } | null>(null);
  return (
    <>
      <title>Review queue · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Review queue</h1>
        <p className="mt-1 text-base-content/75">
          {canAct
            ? 'Reported content, highest score first. Take an item, then uphold or dismiss the reports.'
            : 'Reported content, highest score first. Moderators decide on it.'}
        </p>
      </header>
      <DeferredList
        resolve={items}
        page={page}
        pageSize={PAGE_SIZE}
        loadingLabel="Loading the review queue"
        failure="The review queue could not be loaded."
        pagesLabel="Review queue pages"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              Nothing to review: the queue is empty.
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {list.map((item) => (
                <li key={item.id}>
                  <QueueItemCard
                    item={item}
                    meId={me.id}
                    canAct={canAct}
                    onDecide={(outcome) => setDeciding({ item, outcome })}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </DeferredList>
      <DecideDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
