import {
  Gauge,
  HandCoins,
  Inbox,
  RotateCcw,
  Scale,
  ScrollText,
  SlidersHorizontal,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { hasRole, type Role } from '../../../../shared/operators/rules.ts';

interface ConsoleLink {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** The least role that sees it (every operator when omitted). */
  role?: Role;
  /** Shown only when the server takes payments. */
  payments?: true;
}

/** The console's screens, in order. */
const LINKS: readonly ConsoleLink[] = [
  { to: '/admin', label: 'Dashboard', Icon: Gauge },
  { to: '/admin/queue', label: 'Review queue', Icon: Inbox },
  { to: '/admin/appeals', label: 'Appeals', Icon: Scale },
  { to: '/admin/people', label: 'People', Icon: Users },
  { to: '/admin/deals', label: 'Deals', Icon: HandCoins, payments: true },
  { to: '/admin/payment-calls', label: 'Payment calls', Icon: RotateCcw, payments: true },
  { to: '/admin/audit-log', label: 'Audit log', Icon: ScrollText, role: 'admin' },
  { to: '/admin/settings', label: 'Settings', Icon: SlidersHorizontal, role: 'admin' },
];

/**
 * The console's menu: the screens the operator's role may open (the audit log and the settings:
 * admins; the deals and payment calls: with payments on).
 */
export function ConsoleMenu({ role, paymentsOn }: { role: Role; paymentsOn: boolean }) {
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-2">
        {LINKS.filter(
          (link) => hasRole(role, link.role ?? 'support') && (paymentsOn || !link.payments),
        ).map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/admin'}
              className={({ isActive }) =>
                `btn btn-sm ${isActive ? 'btn-primary' : 'btn-ghost border-base-300'}`
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
