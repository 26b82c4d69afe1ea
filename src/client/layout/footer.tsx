import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/constants.ts';
import { Logo } from '../components/ui/logo.tsx';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form.tsx';
import { FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, type NavItem } from './nav-links.ts';
import { SocialLinks } from './social-links.tsx';

function LinkColumn({ title, links }: { title: string; links: readonly NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide uppercase">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-sm text-base-content/75 transition-colors hover:text-primary hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-8 border-t border-base-300 bg-base-200">
      <div className="page-container py-12">
        <NewsletterForm />
        <div className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[2fr_1fr_1fr_1.5fr]">
          <div className="col-span-2 lg:col-span-1">
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-base-content/75">
              Connecting skilled professionals with meaningful tasks and projects worldwide.
            </p>
            <div className="mt-4">
              <SocialLinks />
            </div>
          </div>
          <LinkColumn title="Quick Links" links={FOOTER_QUICK_LINKS} />
          <LinkColumn title="Legal" links={FOOTER_LEGAL_LINKS} />
          <div className="col-span-2 lg:col-span-1">
            <h2 className="mb-3 text-sm font-semibold tracking-wide uppercase">Contact</h2>
            <address className="space-y-2 text-sm text-base-content/75 not-italic">
              <p className="flex items-start gap-2">
                <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <a
                  href="mailto:support@taskbid.example"
                  className="hover:text-primary hover:underline"
                >
                  support@taskbid.example
                </a>
              </p>
              <p className="flex items-start gap-2">
                <Phone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <a href="tel:+14155550142" className="hover:text-primary hover:underline">
                  +1 (415) 555-0142
                </a>
              </p>
              <p className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  548 Market Street, Suite 200
                  <br />
                  San Francisco, CA 94104
                </span>
              </p>
            </address>
          </div>
        </div>
        <p className="mt-12 border-t border-base-300 pt-6 text-center text-sm text-base-content/70">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
