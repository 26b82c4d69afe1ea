import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { fetchDashboard } from '../../features/operators/api/operators-api.ts';
import { DashboardFigures } from '../../features/operators/components/dashboard-figures.tsx';
import { operatorOnly } from './console-context.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  return fetchDashboard(request.signal);
}

/** /admin (operators): how the queue and the marketplace stand. */
export function Component() {
  const figures = useLoaderData<typeof loader>();
  return (
    <>
      <title>Dashboard · Console · TaskBid</title>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-base-content/75">
            How the review queue stands, and what operators did.
          </p>
        </div>
        <Link to="/admin/queue" className="btn btn-primary btn-sm">
          Open the review queue
        </Link>
      </header>
      <DashboardFigures figures={figures} />
    </>
  );
}
