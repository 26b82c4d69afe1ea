import {
  Ban,
  Bell,
  BellRing,
  Coins,
  Download,
  Globe,
  KeyRound,
  Mail,
  MonitorSmartphone,
  ShieldAlert,
  Trash2,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { RouteObject } from 'react-router';

/**
 * The settings, one section a route under /profile: the side menu, the headings and the
 * routes all read from here. A new section is its route module in this folder (a `handle`
 * with its description, its own loader and action, the `Component` inside the card) and one
 * entry below.
 */
export interface SettingsSectionEntry {
  /** Its address under /profile (the first section is /profile itself) and its card's id. */
  id: string;
  /** The menu item and the card's heading. */
  title: string;
  /** Beside the title in the menu. */
  icon: LucideIcon;
  lazy: RouteObject['lazy'];
  /** Listed only when the server takes payments (payment protection on). */
  payments?: true;
}

export const SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  { id: 'profile', title: 'Profile', icon: UserRound, lazy: () => import('./profile.tsx') },
  {
    id: 'public-profile',
    title: 'Public profile',
    icon: Globe,
    lazy: () => import('./public-profile.tsx'),
  },
  {
    id: 'password',
    title: 'Change password',
    icon: KeyRound,
    lazy: () => import('./password.tsx'),
  },
  { id: 'email', title: 'Change e-mail', icon: Mail, lazy: () => import('./email.tsx') },
  {
    id: 'sessions',
    title: 'Active sessions',
    icon: MonitorSmartphone,
    lazy: () => import('./sessions.tsx'),
  },
  {
    id: 'notifications',
    title: 'Notification preferences',
    icon: Bell,
    lazy: () => import('./notifications.tsx'),
  },
  {
    id: 'notices',
    title: 'Account notices',
    icon: ShieldAlert,
    lazy: () => import('./notices.tsx'),
  },
  {
    id: 'alerts',
    title: 'Task alerts',
    icon: BellRing,
    lazy: () => import('./alerts.tsx'),
  },
  {
    id: 'blocked-people',
    title: 'Blocked people',
    icon: Ban,
    lazy: () => import('./blocked-people.tsx'),
  },
  {
    id: 'payments',
    title: 'Payments',
    icon: Wallet,
    lazy: () => import('./payments.tsx'),
    payments: true,
  },
  {
    id: 'earnings',
    title: 'Earnings',
    icon: Coins,
    lazy: () => import('./earnings.tsx'),
    payments: true,
  },
  { id: 'data', title: 'Download my data', icon: Download, lazy: () => import('./data.tsx') },
  {
    id: 'delete-account',
    title: 'Delete account',
    icon: Trash2,
    lazy: () => import('./delete-account.tsx'),
  },
];

const FIRST = SETTINGS_SECTIONS[0]!;

/** What a section's route module says about its card besides the title. */
export interface SettingsHandle {
  description: string;
  /** `danger` for what cannot be undone. */
  tone?: 'normal' | 'danger';
}

/** The sections the menu lists: the payment ones only when payments are on. */
export function listedSections(paymentsOn: boolean): readonly SettingsSectionEntry[] {
  return SETTINGS_SECTIONS.filter((section) => paymentsOn || !section.payments);
}

/** A section's address: the first one is /profile itself. */
export function settingsUrl(section: SettingsSectionEntry): string {
  return section.id === FIRST.id ? '/profile' : `/profile/${section.id}`;
}

/** The section an address under /profile shows (the first for /profile), if any. */
export function sectionAt(pathname: string): SettingsSectionEntry | undefined {
  const rest = pathname.replace(/^\/profile\/?/, '').replace(/\/$/, '');
  return rest === '' ? FIRST : SETTINGS_SECTIONS.find((s) => s.id !== FIRST.id && s.id === rest);
}

/** The routes under /profile: the first section is its index. */
export const settingsRoutes: RouteObject[] = SETTINGS_SECTIONS.map((section) =>
  section.id === FIRST.id
    ? { index: true, lazy: section.lazy }
    : { path: section.id, lazy: section.lazy },
);
