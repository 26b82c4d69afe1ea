import { pageTitle, type ContentPageText } from './site.ts';

/** A sign-in screen: its tab title, its heading, and the line under it (its description). */
function signInPage(name: string, heading: string, line: string): ContentPageText {
  return { heading, intro: line, title: pageTitle(name), description: line };
}

export const LOGIN_PAGE = signInPage(
  'Login',
  'Welcome back',
  'Sign in to post tasks, place bids and manage your work.',
);

export const SIGNUP_PAGE = signInPage(
  'Sign Up',
  'Create your account',
  'Join TaskBid to post tasks and bid on work worldwide.',
);
