import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { fetchEarnings } from '../../features/deals/api/deals-api.ts';
import { EarningsView } from '../../features/deals/components/earnings-view.tsx';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'What you earned through secured payments: released to you, waiting to be paid out, and paid out.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor') ?? undefined;
  try {
    return { earnings: await fetchEarnings(cursor, request.signal) };
  } catch (error) {
    // No such route: this server takes no payments.
    if (error instanceof ApiError && error.status === 404) return { earnings: null };
    throw error;
  }
}

/** /profile/earnings: balance, what waits to be paid out, the lines, the CSV. */
export function Component() {
  const { earnings } = useLoaderData<typeof loader>();
  if (!earnings) return <p>Payments are not turned on for this site.</p>;
  const older = earnings.nextCursor
    ? `?cursor=${encodeURIComponent(earnings.nextCursor)}`
    : undefined;
  return <EarningsView earnings={earnings} olderHref={older} />;
}
