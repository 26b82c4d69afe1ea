import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { MessagesLink } from '../features/threads/components/messages-link.tsx';
import type { AuthUser } from '../lib/auth/auth-context.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The header's controls for a signed-in person: Messages, the bell and their menu. Loaded
 * once someone is signed in (header.tsx), so a visitor's first page carries none of it.
 */
export function SignedInControls({ user }: { user: AuthUser }) {
  return (
    <>
      <MessagesLink />
      <NotificationBell />
      <UserMenu user={user} />
    </>
  );
}
