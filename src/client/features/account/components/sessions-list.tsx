import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { DeviceSession, SessionList } from '../api/account-api.ts';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';
import { describeUserAgent } from '../lib/user-agent.ts';

const ICONS = { phone: Smartphone, tablet: Tablet, computer: Monitor } as const;

/** Where I am signed in: each browser, when it was last active, and a way to sign it out. */
export function SessionsList({ list }: { list: SessionList }) {
  const others = list.sessions.filter((s) => !s.current).length;
  return (
    <div className="flex flex-col gap-4">
      {list.needsFreshSignIn ? (
        <FormAlert tone="info">
          For your safety, the list of your sessions needs a sign-in from the last day. Sign out and
          in again to see it; you can still sign out everywhere else below.
        </FormAlert>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {list.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {others > 0 || list.needsFreshSignIn ? (
        <SignOutOthers />
      ) : (
        <p className="text-sm text-base-content/70">You are signed in on this device only.</p>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: DeviceSession }) {
  const { fetcher, busy, failure } = useSettingsFetcher();
  const device = describeUserAgent(session.userAgent);
  const Icon = ICONS[device.kind];
  const name = `${device.browser} on ${device.os}`;
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-3 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-base-200">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {session.current ? (
            <span className="badge badge-sm badge-primary badge-soft">This device</span>
          ) : null}
        </p>
        <p className="text-sm text-base-content/70">
          Last active {formatDateTime(session.updatedAt)}
        </p>
        <p className="text-xs text-base-content/70">
          Signed in {formatDateTime(session.createdAt)}
        </p>
        {failure ? (
          <p role="alert" className="mt-1 text-sm text-error">
            {failure.message}
          </p>
        ) : null}
      </div>
      {session.current ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke-session" />
          <input type="hidden" name="token" value={session.token} />
          <SubmitButton
            busy={busy}
            busyLabel={`Signing out ${name}`}
            className="btn-outline btn-sm"
            label="Sign out"
          />
        </fetcher.Form>
      )}
    </li>
  );
}

function SignOutOthers() {
  const { fetcher, busy, failure, done } = useSettingsFetcher();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="revoke-other-sessions" />
      {failure ? <FormAlert tone="error">{failure.message}</FormAlert> : null}
      {done ? <FormAlert tone="success">Every other session was signed out.</FormAlert> : null}
      <SubmitButton
        busy={busy}
        busyLabel="Signing out your other sessions"
        icon={LogOut}
        className="btn-outline sm:self-start"
        label="Sign out all other sessions"
      />
    </fetcher.Form>
  );
}
