import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hasRole } from '../../shared/operators/roles.ts';
import { Logo } from '../components/ui/logo.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { MessagesLink } from '../features/threads/components/messages-link.tsx';
import { useAuth } from '../lib/auth/use-auth.ts';
import { HeaderNavLink } from './header-nav-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { CONSOLE_LINK, HEADER_LINKS, MEDIUM_LINK_COUNT } from './nav-links.ts';
import { SearchButton } from './search-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The signed-in person's menu: loaded only once someone is signed in. */
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

const avatarSkeleton = (
  <span className="skeleton size-8 rounded-full sm:size-9" aria-hidden="true" />
);

export function Header() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const menuId = useId();
  // The menu belongs to the page it was opened on, so any route change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const closeMenu = () => setMenuOpenOn(null);
  const operator = user !== null && hasRole(user.role, 'support');

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur supports-[backdrop-filter]:bg-base-100/85">
      <div className="page-container flex h-16 items-center gap-1 sm:gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-square btn-sm -ml-1 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpenOn(menuOpen ? null : location.key)}
        >
          {menuOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
        </button>
        <Logo className="mr-2 lg:mr-4" />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5">
            {HEADER_LINKS.map((link, index) => (
              <li key={link.to} className={index < MEDIUM_LINK_COUNT ? '' : 'hidden lg:block'}>
                <HeaderNavLink to={link.to} label={link.label} className="text-sm" />
              </li>
            ))}
            {operator ? (
              <li>
                <HeaderNavLink
                  to={CONSOLE_LINK.to}
                  label={CONSOLE_LINK.label}
                  className="text-sm"
                />
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <SearchButton />
          <ThemeToggle />
          {user ? <MessagesLink /> : null}
          {user ? <NotificationBell /> : null}
          {user ? (
            <Suspense fallback={avatarSkeleton}>
              <UserMenu user={user} />
            </Suspense>
          ) : loading ? (
            avatarSkeleton
          ) : (
            <div className="ml-1 flex items-center gap-1 sm:gap-2">
              <Link to="/login" className="btn btn-ghost btn-sm px-2 sm:px-3">
                Login
              </Link>
              <Link to="/signup" className="btn btn-primary btn-sm px-2 sm:px-3">
                Sign Up
              </Link>
            </div>
          )}
        </div>
      </div>
      {menuOpen ? <MobileMenu id={menuId} onNavigate={closeMenu} operator={operator} /> : null}
    </header>
  );
}
