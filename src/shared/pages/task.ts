/**
 * A task's page is for signed-in members. Why a visitor is asked to sign in there: the sign-in
 * screens say "Sign in to …" (client lib/auth/sign-in-purpose.ts) and the server's head and noscript
 * text for a task's address say the same (features/tasks/pages.ts).
 */
export const TASK_SIGN_IN_PURPOSE = 'see this task and make an offer';
