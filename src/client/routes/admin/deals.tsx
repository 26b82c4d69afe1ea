import { TriangleAlert } from 'lucide-react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DEAL_STATE_WORDS, formatCents } from '../../../shared/payments/words.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchConsoleDeals } from '../../features/deals/api/admin-deals-api.ts';
import { FilterNav } from '../../features/operators/components/filter-nav.tsx';
import { operatorOnly } from './console-context.ts';

/** The list's filters: disputes first (what needs an operator), then the rest. */
const FILTERS = [
  { value: 'disputed', label: 'Disputed' },
  { value: 'cancellation-requested', label: 'Cancellation requested' },
  { value: '', label: 'All' },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  const url = new URL(request.url);
  const state = url.searchParams.get('state') ?? 'disputed';
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const list = await fetchConsoleDeals({ state: state || undefined, cursor }, request.signal);
  return { state, list };
}

/** /admin/deals (operators): deals needing attention, disputes escalated after 14 days marked. */
export function Component() {
  const { state, list } = useLoaderData<typeof loader>();
  return (
    <>
      <title>Deals · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Deals</h1>
        <p className="mt-1 text-base-content/75">
          Secured payments that need an operator: disputes to rule on, oldest first.
        </p>
      </header>
      <FilterNav label="Deal filters" param="state" filters={FILTERS} current={state} />
      {list.items.length === 0 ? (
        <p className="text-base-content/75">No deals here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.items.map((deal) => (
            <li
              key={deal.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4"
            >
              <div className="min-w-0">
                <Link to={`/admin/deals/${deal.id}`} className="link font-medium" dir="auto">
                  {deal.taskTitle ?? `Deal ${deal.id}`}
                </Link>
                <p className="text-sm text-base-content/75">
                  {DEAL_STATE_WORDS[deal.state]} since {formatDateTime(deal.stateSince)} ·{' '}
                  {formatCents(deal.posterPays)}
                </p>
              </div>
              {deal.escalated ? (
                <span className="badge badge-warning gap-1">
                  <TriangleAlert className="size-3.5" aria-hidden="true" />
                  Escalated
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.nextCursor ? (
        <Link
          to={`?state=${state}&cursor=${encodeURIComponent(list.nextCursor)}`}
          className="btn btn-ghost btn-sm mt-4"
        >
          Older deals
        </Link>
      ) : null}
    </>
  );
}
