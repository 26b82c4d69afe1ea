/** The header's links (docs/product.md, "Routes and access"), in order. */
export interface NavItem {
  label: string;
  to: string;
}

export const HEADER_LINKS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Add Task', to: '/add-task' },
  { label: 'Browse Tasks', to: '/browse-tasks' },
  { label: 'My Posted Tasks', to: '/my-tasks' },
  { label: 'How It Works', to: '/how-to-works' },
];

/** The operator console's link, after the others: only operators (support and up) see it. */
export const CONSOLE_LINK: NavItem = { label: 'Admin', to: '/admin' };

/** How many of the links show at medium width (the rest from large width). */
export const MEDIUM_LINK_COUNT = 3;

export const FOOTER_QUICK_LINKS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Browse Tasks', to: '/browse-tasks' },
  { label: 'Post a Task', to: '/add-task' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Install the App', to: '/install' },
];

export const FOOTER_LEGAL_LINKS: readonly NavItem[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookies Policy', to: '/cookies' },
];
