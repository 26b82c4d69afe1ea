import { contentPage } from './site.ts';

/** The short content pages' headings and intros (their titles and descriptions). */
export const HOW_IT_WORKS_PAGE = contentPage(
  'How It Works',
  "TaskBid connects people who need something done with skilled professionals who can do it. Here is a task's way from posting to reviews.",
);

export const PRICING_PAGE = contentPage(
  'Pricing',
  'TaskBid is free to use. Posting tasks and placing bids cost nothing.',
);

export const PRIVACY_PAGE = contentPage(
  'Privacy Policy',
  'What TaskBid stores about you, who can see it, how long it is kept, and how you download or delete it yourself.',
);

export const TERMS_PAGE = contentPage(
  'Terms of Service',
  'The rules that keep TaskBid fair and useful for everyone.',
);

export const INSTALL_PAGE = contentPage(
  'Install TaskBid',
  'Add TaskBid to your home screen or dock. It opens in its own window, like an app.',
);

export const COOKIES_PAGE = contentPage(
  'Cookies Policy',
  'TaskBid uses one cookie and two small local settings. No advertising or tracking cookies.',
);
