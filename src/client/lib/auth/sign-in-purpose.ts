/**
 * Why the sign-in screens ask, by the page the visitor wanted. Apart from the guard (which
 * every page loads), so only the sign-in screens' chunk carries these words.
 */
import { TASK_SIGN_IN_PURPOSE } from '../../../shared/pages/task.ts';

/** What the protected screens are for, by path: the sign-in screens say why they ask. */
const PURPOSES: readonly (readonly [RegExp, string])[] = [
  [/^\/browse-tasks\/[^/]+$/, TASK_SIGN_IN_PURPOSE],
  [/^\/add-task$/, 'post a task'],
  [/^\/update-task\/[^/]+$/, 'edit your task'],
  [/^\/view-bids\/[^/]+$/, 'see the bids on your task'],
  [/^\/my-tasks$/, 'see the tasks you posted'],
  [/^\/my-bids$/, 'see your bids'],
  [/^\/messages(\/[^/]+)?$/, 'read your messages'],
  [/^\/profile$/, 'manage your profile'],
];

/**
 * Why signing in is asked for the path the visitor wanted ("see this task and make an offer"),
 * or undefined for a path that needs no reason (home, or no attempted path at all).
 */
export function signInPurpose(returnTo: string): string | undefined {
  const pathname = returnTo.split(/[?#]/)[0] ?? '';
  return PURPOSES.find(([pattern]) => pattern.test(pathname))?.[1];
}
