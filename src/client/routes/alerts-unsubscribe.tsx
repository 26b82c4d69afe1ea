import { MailX } from 'lucide-react';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { attempt, isFailure } from '../lib/action-result.ts';
import { useSubmitting } from '../lib/pending.ts';
import { linkToken, loadTokenLink } from '../lib/token-link.ts';
import { alertUnsubscribe, fetchAlertUnsubscribe } from '../features/alerts/api/alerts-api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';

/** The saved searches the link from a task alert names; a link not ours is invalid. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadTokenLink(request, fetchAlertUnsubscribe);
}

/** "Stop these e-mails": e-mail off for those searches only. */
export async function action({ request }: ActionFunctionArgs) {
  return attempt(() => alertUnsubscribe(linkToken(request.url)));
}

export { shouldRevalidate } from '../lib/action-result.ts';

const settingsLink = (
  <Link to="/profile/alerts" className="link link-primary">
    Settings › Task alerts
  </Link>
);

/** /alerts/unsubscribe?token=… (public): the page an unsubscribe link in a task alert opens. */
export function Component() {
  const { link } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const title = <title>Stop task alert e-mails · TaskBid</title>;

  if (!link || link.searches.length === 0)
    return (
      <AuthCard title="Stop task alert e-mails" subtitle="E-mails about your saved searches.">
        {title}
        <FormAlert tone="error">
          {link ? 'These saved searches no longer exist.' : 'This unsubscribe link is not valid.'}
        </FormAlert>
        <p className="mt-4 text-sm">You can sign in and change your alerts in {settingsLink}.</p>
      </AuthCard>
    );

  const mailing = link.searches.filter((s) => s.email);
  return (
    <AuthCard title="Stop task alert e-mails" subtitle="E-mails about your saved searches.">
      {title}
      <p className="text-sm text-base-content/75">New tasks matching</p>
      <ul className="mt-1 text-lg font-semibold">
        {link.searches.map((s) => (
          <li key={s.name}>“{s.name}”</li>
        ))}
      </ul>
      {mailing.length > 0 ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <p className="text-sm">
            Your other saved searches are not changed. A search that also alerts you in the app
            keeps doing so; one that only e-mailed you is paused.
          </p>
          {isFailure(failure) ? <FormAlert tone="error">{failure.error.message}</FormAlert> : null}
          <SubmitButton
            busy={submitting}
            busyLabel="Stopping the e-mails"
            icon={MailX}
            label="Stop these e-mails"
          />
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert tone="success">
            Done. We will not e-mail you about{' '}
            {link.searches.length === 1 ? 'this search' : 'these searches'} any more.
          </FormAlert>
          <p className="text-sm">To turn them back on, sign in and go to {settingsLink}.</p>
        </div>
      )}
    </AuthCard>
  );
}
