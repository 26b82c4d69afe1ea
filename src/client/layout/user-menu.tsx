import { ClipboardList, Gavel, LogOut, MessageSquare, Settings, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { UserAvatar } from '../components/ui/user-avatar.tsx';
import { errorMessage } from '../lib/api-client.ts';
import type { AuthUser } from '../lib/auth/auth-context.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { usePopup } from '../lib/use-popup.ts';

const HOVER_CLOSE_DELAY_MS = 150;
const ERROR_VISIBLE_MS = 6000;
/** The menu's links; `:me` is the signed-in user's id. */
const MENU_LINKS = [
  { to: '/users/:me', label: 'View public profile', Icon: UserRound },
  { to: '/profile', label: 'Profile Settings', Icon: Settings },
  { to: '/my-tasks', label: 'My Tasks', Icon: ClipboardList },
  { to: '/my-bids', label: 'My Bids', Icon: Gavel },
  { to: '/messages', label: 'Messages', Icon: MessageSquare },
] as const;

/**
 * The signed-in user's avatar with its dropdown (opens on hover or click): name, e-mail,
 * View public profile, Profile Settings, My Tasks, My Bids, Messages and Sign Out. Escape or a click elsewhere closes it.
 */
export function UserMenu({ user }: { user: AuthUser }) {
  const { logout } = useAuth();
  const closeTimer = useRef<number | undefined>(undefined);
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const open = hovered || pinned;
  const name = user.displayName.trim() || 'User';

  const close = () => {
    setHovered(false);
    setPinned(false);
  };

  const { rootRef, panelId, buttonProps } = usePopup(open, close);

  useEffect(() => {
    if (!signOutError) return;
    const timer = window.setTimeout(() => setSignOutError(null), ERROR_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [signOutError]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const signOut = async () => {
    close();
    try {
      await logout();
    } catch (error) {
      setSignOutError(`Sign out failed. ${errorMessage(error)}`);
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        setHovered(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        closeTimer.current = window.setTimeout(() => setHovered(false), HOVER_CLOSE_DELAY_MS);
      }}
    >
      <button
        {...buttonProps}
        type="button"
        className="btn btn-ghost btn-circle btn-sm p-0 sm:btn-md"
        aria-label={`Account menu for ${name}`}
        onClick={() => {
          // A click keeps a hover-opened menu open; a second click closes it.
          if (pinned) close();
          else setPinned(true);
        }}
      >
        <UserAvatar name={user.displayName} photoURL={user.photoURL} className="size-8 sm:size-9" />
      </button>
      {open ? (
        <div id={panelId} className="absolute right-0 top-full z-50 w-64 pt-2">
          <div className="rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
            <div className="border-b border-base-300 px-3 pt-1 pb-3">
              <p className="truncate font-semibold">{name}</p>
              <p className="truncate text-sm text-base-content/70">{user.email}</p>
            </div>
            <ul className="menu w-full p-0 pt-2">
              {MENU_LINKS.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link to={to.replace(':me', user.id)} onClick={close}>
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              ))}
              <li>
                <button type="button" className="text-error" onClick={() => void signOut()}>
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign Out
                </button>
              </li>
            </ul>
          </div>
        </div>
      ) : null}
      {signOutError ? (
        <div className="toast toast-end toast-bottom z-[70]">
          <FormAlert tone="error">{signOutError}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}
