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
import { fetchUnsubscribeLink, unsubscribe } from '../features/account/api/account-api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';

/** What the link from the mail is for; a link that is not ours is said to be invalid. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadTokenLink(request, fetchUnsubscribeLink);
}

/** "Unsubscribe": turns that type of e-mail off (the token is the only authority). */
export async function action({ request }: ActionFunctionArgs) {
  return attempt(() => unsubscribe(linkToken(request.url)));
}

export { shouldRevalidate } from '../lib/action-result.ts';

const settingsLink = (
  <Link to="/profile/notifications" className="link link-primary">
    your notification preferences
  </Link>
);

/** /unsubscribe?token=… (public): the page an unsubscribe link in a notification mail opens. */
export function Component() {
  const { link } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();

  if (!link)
    return (
      <AuthCard title="Unsubscribe" subtitle="Stop a kind of e-mail from TaskBid.">
        <title>Unsubscribe · TaskBid</title>
        <FormAlert tone="error">This unsubscribe link is not valid.</FormAlert>
        <p className="mt-4 text-sm">
          It may have been cut short when it was copied: open it again from the e-mail. You can also
          sign in and change {settingsLink}.
        </p>
      </AuthCard>
    );

  return (
    <AuthCard title="Unsubscribe" subtitle="Stop a kind of e-mail from TaskBid.">
      <title>Unsubscribe · TaskBid</title>
      <p className="text-sm text-base-content/75">E-mails about</p>
      <p className="mt-1 text-lg font-semibold">{link.label}</p>
      {link.email ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <p className="text-sm">
            You will still see these notifications in TaskBid. Account e-mails, such as a password
            change, always come.
          </p>
          {isFailure(failure) ? <FormAlert tone="error">{failure.error.message}</FormAlert> : null}
          <SubmitButton
            busy={submitting}
            busyLabel="Unsubscribing"
            icon={MailX}
            label="Unsubscribe"
          />
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert tone="success">
            You are unsubscribed. We will not e-mail you about this any more.
          </FormAlert>
          <p className="text-sm">
            To turn these e-mails back on, sign in and change {settingsLink}.
          </p>
        </div>
      )}
    </AuthCard>
  );
}
