/** Every demo account signs in with this password (documented in docs/api.md). */
export const DEMO_PASSWORD = 'taskbid-demo';

export const DEMO_USERS = [
  { name: 'Ava Martinez', email: 'ava@example.com' },
  { name: 'Ben Okafor', email: 'ben@example.com' },
  { name: 'Chloe Nguyen', email: 'chloe@example.com' },
  { name: 'Daniel Schmidt', email: 'daniel@example.com' },
  { name: 'Emma Rossi', email: 'emma@example.com' },
  { name: 'Farid Haddad', email: 'farid@example.com' },
] as const;

/** The demo's operator: an admin who opens the console at /admin (same password). */
export const DEMO_ADMIN = {
  name: 'Olivia Admin',
  email: 'admin@example.com',
  role: 'admin',
} as const;

export const DEMO_LOCATIONS = [
  null,
  'Remote',
  'Berlin, Germany',
  'Lagos, Nigeria',
  'San Francisco, USA',
  'Ho Chi Minh City, Vietnam',
  'Milan, Italy',
  'Toronto, Canada',
  'Remote (EU time zones)',
  'London, UK',
];
