import { Search } from 'lucide-react';
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DeferredList } from '../../components/ui/deferred-list.tsx';
import { fetchPeople } from '../../features/operators/api/operators-api.ts';
import { PeopleTable } from '../../features/operators/components/people-table.tsx';
import { pageFrom } from '../../lib/paging.ts';
import { deferred } from '../../lib/deferred.ts';
import { operatorOnly } from './console-context.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  const page = pageFrom(request.url);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return { page, q, people: deferred(fetchPeople(q, { page, limit: PAGE_SIZE }, request.signal)) };
}

/** /admin/people (operators): find people by the start of their e-mail or part of the name. */
export function Component() {
  const { page, q, people } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) =>
    `?${new URLSearchParams(q ? { q, page: String(p) } : { page: String(p) })}`;
  return (
    <>
      <title>People · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">People</h1>
        <p className="mt-1 text-base-content/75">
          Find an account by the start of its e-mail address or part of the name.
        </p>
      </header>
      <Form
        method="get"
        role="search"
        className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="flex grow flex-col gap-1.5">
          <label htmlFor="people-q" className="text-sm font-medium">
            Name or e-mail
          </label>
          <input
            id="people-q"
            key={q}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className="input w-full"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          <Search className="size-4" aria-hidden="true" />
          Search
        </button>
      </Form>
      <DeferredList
        key={q}
        resolve={people}
        page={page}
        pageSize={PAGE_SIZE}
        hrefFor={hrefFor}
        loadingLabel="Loading people"
        failure="The people could not be loaded."
        pagesLabel="People pages"
      >
        {(list, total) =>
          list.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              {q ? `Nobody matches “${q}”.` : 'No accounts yet.'}
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-base-content/75" role="status">
                {total === 1 ? '1 person' : `${total.toLocaleString('en-US')} people`}
                {q ? ` match “${q}”` : ''}
              </p>
              <PeopleTable people={list} />
            </div>
          )
        }
      </DeferredList>
    </>
  );
}
