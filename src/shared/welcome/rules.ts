/**
 * The welcome a new account sees on its first signed-in visit: what brings them to TaskBid,
 * then the profile sections worth filling in first. Answered or skipped, it is not shown again.
 */

/** What brings a person to TaskBid: to have work done ("hire"), or to do it ("earn"). */
export const WELCOME_GOALS = ['hire', 'earn'] as const;
export type WelcomeGoal = (typeof WELCOME_GOALS)[number];

export const WELCOME_GOAL_LABELS: Record<WelcomeGoal, { title: string; text: string }> = {
  hire: {
    title: 'Get work done',
    text: 'Post a task, compare offers and pick the right person.',
  },
  earn: {
    title: 'Earn',
    text: 'Find tasks that fit your skills and make offers.',
  },
};

/** A step after the question: a section of the profile settings, or the first real action. */
export interface WelcomeStep {
  title: string;
  text: string;
  /** Where the step's link leads. */
  to: string;
  link: string;
}

const PHOTO: WelcomeStep = {
  title: 'Add your photo',
  text: 'A face or a logo makes people more likely to answer you.',
  to: '/profile',
  link: 'Add a photo',
};
const HEADLINE: WelcomeStep = {
  title: 'Write your headline',
  text: 'One line about what you do, at the top of your public profile.',
  to: '/profile/public-profile',
  link: 'Write a headline',
};
const SKILLS: WelcomeStep = {
  title: 'List your skills',
  text: 'On your public profile, which task owners open from your offers.',
  to: '/profile/public-profile',
  link: 'Add skills',
};

/** The steps for each answer, in the order worth doing them (no answer: the profile first). */
export function welcomeSteps(goal: WelcomeGoal | null): WelcomeStep[] {
  if (goal === 'earn')
    return [
      PHOTO,
      HEADLINE,
      SKILLS,
      {
        title: 'Find your first task',
        text: 'Browse open tasks and make an offer.',
        to: '/browse-tasks',
        link: 'Browse tasks',
      },
    ];
  return [
    {
      title: 'Post your first task',
      text: 'Describe what you need; offers come to you.',
      to: '/add-task',
      link: 'Post a task',
    },
    PHOTO,
    { ...HEADLINE, text: 'One line about you or your business, shown on your public profile.' },
  ];
}
