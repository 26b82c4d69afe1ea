import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { intentAction } from '../../lib/action-result.ts';
import {
  fetchSessions,
  revokeOtherSessions,
  revokeSession,
} from '../../features/account/api/account-api.ts';
import { SessionsList } from '../../features/account/components/sessions-list.tsx';
import { settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description: 'The browsers and devices where your account is signed in.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { sessions: await fetchSessions(request.signal) };
}

export const action = intentAction({
  'revoke-session': async ({ intent, text }) => {
    await revokeSession(text('token'));
    return settingsDone(intent);
  },
  'revoke-other-sessions': async ({ intent }) => {
    await revokeOtherSessions();
    return settingsDone(intent);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/sessions: where I am signed in, and signing the others out. */
export function Component() {
  const { sessions } = useLoaderData<typeof loader>();
  return <SessionsList list={sessions} />;
}
