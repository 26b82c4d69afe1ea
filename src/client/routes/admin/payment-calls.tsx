import { RotateCcw } from 'lucide-react';
import { Form, Link, useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { hasRole } from '../../../shared/operators/rules.ts';
import { formatCents } from '../../../shared/payments/words.ts';
import { FailureAlert, FormAlert } from '../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { intentAction, isFailure, shouldRevalidate } from '../../lib/action-result.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmitting } from '../../lib/pending.ts';
import {
  fetchPaymentCalls,
  retryPaymentCall,
  type PaymentCall,
} from '../../features/deals/api/admin-deals-api.ts';
import { ReasonField } from '../../features/deals/components/reason-field.tsx';
import { FilterNav } from '../../features/operators/components/filter-nav.tsx';
import { operatorOnly, useConsoleUser } from './console-context.ts';

export { shouldRevalidate };

const FILTERS = [
  { value: 'failed', label: 'Failed' },
  { value: 'retrying', label: 'Still retrying' },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  const url = new URL(request.url);
  const status = url.searchParams.get('status') === 'retrying' ? 'retrying' : 'failed';
  const cursor = url.searchParams.get('cursor') ?? undefined;
  return { status, list: await fetchPaymentCalls({ status, cursor }, request.signal) };
}

export const action = intentAction({
  retry: async ({ text }) => {
    await retryPaymentCall(text('id'), text('reason'));
    return { done: 'Queued again: the next run of the payment jobs makes it.' };
  },
});

const KIND_WORDS = { refund: 'Refund', transfer: 'Transfer' } as const;

const times = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Where a call stands, in words. */
function standing(call: PaymentCall): string {
  if (call.status === 'failed') return `Failed after ${times(call.attempts)}`;
  const next = call.nextAttemptAt ? ` · next try ${formatDateTime(call.nextAttemptAt)}` : '';
  return `Failed ${times(call.attempts)} so far${next}`;
}

/**
 * /admin/payment-calls (operators, with payments on): the refunds and transfers the payment
 * provider has not made. A failed one waits for an operator; a moderator tries it again with
 * a reason (audited), and it keeps its idempotency key, so the money moves once.
 */
export function Component() {
  const { status, list } = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const canRetry = hasRole(me.role, 'moderator') && status === 'failed';
  return (
    <>
      <title>Payment calls · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment calls</h1>
        <p className="mt-1 max-w-prose text-base-content/75">
          Refunds and transfers the payment provider has not made. A failed one waits for you: fix
          its cause, then try it again. It keeps its idempotency key, so the money moves once.
        </p>
      </header>
      <FilterNav label="Payment call filters" param="status" filters={FILTERS} current={status} />
      <div className="mb-4 flex flex-col gap-2" aria-live="polite">
        {result && !isFailure(result) ? <FormAlert tone="success">{result.done}</FormAlert> : null}
        <FailureAlert failure={isFailure(result) ? result.error : null} />
      </div>
      {list.items.length === 0 ? (
        <p className="text-base-content/75">
          {status === 'failed' ? 'No failed payment calls.' : 'No payment call is being retried.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.items.map((call) => (
            <li key={call.id} className="rounded-box border border-base-300 bg-base-100 p-4">
              <p className="font-medium">
                {KIND_WORDS[call.kind]} of {formatCents(call.amount)}
              </p>
              <p className="text-sm text-base-content/75">
                For{' '}
                <Link to={`/admin/deals/${call.dealId}`} className="link" dir="auto">
                  {call.taskTitle ?? 'a deal whose task was deleted'}
                </Link>{' '}
                · since {formatDateTime(call.createdAt)} · {standing(call)}
              </p>
              {call.lastError ? (
                <p className="mt-2 break-words font-mono text-sm">{call.lastError}</p>
              ) : null}
              {canRetry ? (
                <details className="mt-3">
                  <summary className="btn btn-outline btn-sm">Try again</summary>
                  <Form method="post" className="mt-3 flex max-w-xl flex-col gap-4">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="id" value={call.id} />
                    <ReasonField />
                    <SubmitButton
                      label="Try this call again"
                      busyLabel="Queueing the call"
                      icon={RotateCcw}
                      busy={busy}
                      className="self-start"
                    />
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.nextCursor ? (
        <Link
          to={`?status=${status}&cursor=${encodeURIComponent(list.nextCursor)}`}
          className="btn btn-ghost btn-sm mt-4"
        >
          Older calls
        </Link>
      ) : null}
    </>
  );
}
