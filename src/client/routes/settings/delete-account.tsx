import { redirectDocument, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { intentAction } from '../../lib/action-result.ts';
import { fetchAuthConfig } from '../../lib/auth/auth-api.ts';
import {
  ACCOUNT_DELETED_HOME,
  deleteAccount,
  fetchSignInMethods,
} from '../../features/account/api/account-api.ts';
import { DeleteAccount } from '../../features/account/components/delete-account.tsx';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description: 'Danger zone: deleting your account cannot be undone.',
  tone: 'danger',
};

/** A password to ask for, or (an account without one) whether Google can sign in again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [methods, config] = await Promise.all([
    fetchSignInMethods(request.signal),
    fetchAuthConfig().catch(() => ({ googleEnabled: false })),
  ]);
  return { hasPassword: methods.hasPassword, googleEnabled: config.googleEnabled };
}

export const action = intentAction({
  'delete-account': async ({ text }) => {
    await deleteAccount(text('password') || undefined);
    // Signed out everywhere: a fresh page load forgets the session and says goodbye.
    return redirectDocument(ACCOUNT_DELETED_HOME);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/delete-account: what goes and what stays, then the question. */
export function Component() {
  const { hasPassword, googleEnabled } = useLoaderData<typeof loader>();
  return <DeleteAccount hasPassword={hasPassword} googleEnabled={googleEnabled} />;
}
