import { NavLink } from 'react-router';

interface HeaderNavLinkProps {
  to: string;
  label: string;
  className?: string;
  onNavigate?: () => void;
}

/** A header link; the current page is marked for eyes and for screen readers. */
export function HeaderNavLink({ to, label, className = '', onNavigate }: HeaderNavLinkProps) {
  return (
    <NavLink
      to={to}
      end={to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        `rounded-md px-3 py-2 font-medium transition-colors hover:bg-base-200 hover:text-primary ${
          isActive ? 'text-primary' : 'text-base-content/80'
        } ${className}`
      }
    >
      {label}
    </NavLink>
  );
}
