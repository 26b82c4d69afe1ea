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
import type { SectionId } from './section-routes.ts';

/**
 * The settings, one section a route under /profile: the side menu and the headings read
 * from here, the router from section-routes.ts. A new section is its route module in this
 * folder (a `handle` with its description, its own loader and action, the `Component`
 * inside the card), its line in section-routes.ts and one entry below.
 */
export interface SettingsSectionEntry {
  /** Its address under /profile (the first section is /profile itself) and its card's id. */
  id: SectionId;
  /** The menu item and the card's heading. */
  title: string;
  /** Beside the title in the menu. */
  icon: LucideIcon;
  /** Listed only when the server takes payments (payment protection on). */
  payments?: true;
}

export const SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  { id: 'profile', title: 'Profile', icon: UserRound },
  {
    id: 'public-profile',
    title: 'Public profile',
    icon: Globe,
  },
  {
    id: 'password',
    title: 'Change password',
    icon: KeyRound,
  },
  { id: 'email', title: 'Change e-mail', icon: Mail },
  {
    id: 'sessions',
    title: 'Active sessions',
    icon: MonitorSmartphone,
  },
  {
    id: 'notifications',
    title: 'Notification preferences',
    icon: Bell,
  },
  {
    id: 'notices',
    title: 'Account notices',
    icon: ShieldAlert,
  },
  {
    id: 'alerts',
    title: 'Task alerts',
    icon: BellRing,
  },
  {
    id: 'blocked-people',
    title: 'Blocked people',
    icon: Ban,
  },
  {
    id: 'payments',
    title: 'Payments',
    icon: Wallet,
    payments: true,
  },
  {
    id: 'earnings',
    title: 'Earnings',
    icon: Coins,
    payments: true,
  },
  { id: 'data', title: 'Download my data', icon: Download },
  {
    id: 'delete-account',
    title: 'Delete account',
    icon: Trash2,
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
