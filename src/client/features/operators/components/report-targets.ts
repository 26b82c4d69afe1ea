import type { ReportTarget } from '../../../../shared/operators/rules.ts';

/** What was reported, in words. */
export const REPORT_TARGET_NAMES: Record<ReportTarget, string> = {
  task: 'Task',
  question: 'Question',
  answer: 'Answer',
  bid: 'Bid',
  message: 'Message',
  review: 'Review',
  profile: 'Profile',
};
