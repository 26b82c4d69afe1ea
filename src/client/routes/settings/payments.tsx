import { redirect, useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FailureAlert, FormAlert } from '../../components/ui/form-alert.tsx';
import { intentAction, isFailure } from '../../lib/action-result.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSubmitting } from '../../lib/pending.ts';
import { fetchPayee, setUpPayouts } from '../../features/deals/api/deals-api.ts';
import { PayoutSetup } from '../../features/deals/components/payout-setup.tsx';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'Where payments for your work go. Set up payouts once; until then released payments wait in your earnings.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const returned = new URL(request.url).searchParams.get('payouts');
  try {
    return { status: (await fetchPayee(request.signal)).status, returned };
  } catch (error) {
    // No such route: this server takes no payments.
    if (error instanceof ApiError && error.status === 404) return { status: null, returned };
    throw error;
  }
}

/** "Set up payouts": active at once (the sandbox) or on to the provider's own pages. */
export const action = intentAction({
  payouts: async () => {
    const answer = await setUpPayouts();
    return answer.onboardingUrl ? redirect(answer.onboardingUrl) : answer;
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/payments: the payout account's status and its set-up. */
export function Component() {
  const { status, returned } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  if (status === null) return <p>Payments are not turned on for this site.</p>;
  return (
    <div className="flex flex-col gap-4">
      {returned === 'expired' ? (
        <FormAlert tone="info">That set-up link expired: press the button for a new one.</FormAlert>
      ) : null}
      <FailureAlert failure={isFailure(result) ? result.error : null} />
      <PayoutSetup status={status} busy={busy} />
    </div>
  );
}
