import { pageTitle, type PageText } from './site.ts';

// A sign-in screen's description is the line under its heading.

export const LOGIN_PAGE: PageText = {
  title: pageTitle('Login'),
  description: 'Sign in to post tasks, place bids and manage your work.',
};

export const SIGNUP_PAGE: PageText = {
  title: pageTitle('Sign Up'),
  description: 'Join TaskBid to post tasks and bid on work worldwide.',
};
