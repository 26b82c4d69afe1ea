import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DeferredList } from '../../components/ui/deferred-list.tsx';
import {
  AUDIT_FILTERS,
  fetchAuditLog,
  type AuditFilters as Filters,
} from '../../features/operators/api/operators-api.ts';
import { AuditFilters } from '../../features/operators/components/audit-filters.tsx';
import { AuditTable } from '../../features/operators/components/audit-table.tsx';
import { pageFrom } from '../../lib/paging.ts';
import { deferred } from '../../lib/deferred.ts';
import { operatorOnly } from './console-context.ts';

const PAGE_SIZE = 50;

/** The filters the URL carries (empty ones left out). */
function filtersOf(url: URL): Filters {
  const filters: Filters = {};
  for (const name of AUDIT_FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context, 'admin');
  const page = pageFrom(request.url);
  const filters = filtersOf(new URL(request.url));
  return {
    page,
    filters,
    entries: deferred(fetchAuditLog(filters, { page, limit: PAGE_SIZE }, request.signal)),
  };
}

/** /admin/audit-log (admins): every operator action, newest first, filtered by the URL. */
export function Component() {
  const { page, filters, entries } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => `?${new URLSearchParams({ ...filters, page: String(p) })}`;
  return (
    <>
      <title>Audit log · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
        <p className="mt-1 text-base-content/75">
          Every operator action and role change, newest first. Rows are never changed or removed.
        </p>
      </header>
      <AuditFilters filters={filters} />
      <DeferredList
        key={JSON.stringify(filters)}
        resolve={entries}
        page={page}
        pageSize={PAGE_SIZE}
        hrefFor={hrefFor}
        loadingLabel="Loading the audit log"
        failure="The audit log could not be loaded."
        pagesLabel="Audit log pages"
      >
        {(list, total) =>
          list.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              No entries match these filters.
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-base-content/75">
                {total === 1 ? '1 entry' : `${total.toLocaleString('en-US')} entries`}
              </p>
              <AuditTable entries={list} />
            </div>
          )
        }
      </DeferredList>
    </>
  );
}
