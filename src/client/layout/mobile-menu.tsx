import { CONSOLE_LINK, HEADER_LINKS } from './nav-links.ts';
import { HeaderNavLink } from './header-nav-link.tsx';

interface MobileMenuProps {
  id: string;
  onNavigate: () => void;
  /** Whether the console's link is shown (operators only). */
  operator?: boolean;
}

/**
 * All five header links (and the console's, for operators), for small screens; the header
 * closes it on every route change.
 */
export function MobileMenu({ id, onNavigate, operator = false }: MobileMenuProps) {
  const links = operator ? [...HEADER_LINKS, CONSOLE_LINK] : HEADER_LINKS;
  return (
    <nav id={id} aria-label="Mobile" className="border-t border-base-300 bg-base-100 md:hidden">
      <ul className="page-container flex flex-col py-2">
        {links.map((link) => (
          <li key={link.to}>
            <HeaderNavLink
              to={link.to}
              label={link.label}
              onNavigate={onNavigate}
              className="block py-3 text-base"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
