import { useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { appealStatement, fetchStatements } from '../../features/notices/api/notices-api.ts';
import { AccountNotices } from '../../features/notices/components/account-notices.tsx';
import { intentAction } from '../../lib/action-result.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'What our moderators decided about your account: the rule, their reason, until when, and your appeal.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { statements: await fetchStatements(request.signal) };
}

export const action = intentAction({
  appeal: ({ text }) => appealStatement(text('id'), text('text')),
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/notices: my account notices (warnings, limits, …), each with its appeal. */
export function Component() {
  const { statements } = useLoaderData<typeof loader>();
  return <AccountNotices list={statements} />;
}
