import { HEADER_LINKS } from './nav-links.ts';
import { HeaderNavLink } from './header-nav-link.tsx';

interface MobileMenuProps {
  id: string;
  onNavigate: () => void;
}

/** All five header links, for small screens; the header closes it on every route change. */
export function MobileMenu({ id, onNavigate }: MobileMenuProps) {
  return (
    <nav id={id} aria-label="Mobile" className="border-t border-base-300 bg-base-100 md:hidden">
      <ul className="page-container flex flex-col py-2">
        {HEADER_LINKS.map((link) => (
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
