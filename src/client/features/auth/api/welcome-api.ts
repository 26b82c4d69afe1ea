import type { WelcomeGoal } from '../../../../shared/welcome/rules.ts';
import type { Welcome } from '../../../../shared/welcome/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the signed-in person's welcome is still to be shown, and their answer. */
export function fetchWelcome(signal?: AbortSignal): Promise<Welcome> {
  return apiRequest<Welcome>('/account/welcome', { signal });
}

/** Answers the welcome with what brings them, or (no goal) skips it: not shown again. */
export function answerWelcome(goal?: WelcomeGoal): Promise<Welcome> {
  return apiRequest<Welcome>('/account/welcome', {
    method: 'PUT',
    body: goal ? { goal } : {},
  });
}

/** True when the welcome is still to be shown; false when it is not, or cannot be asked. */
export async function welcomePending(): Promise<boolean> {
  return fetchWelcome()
    .then((welcome) => welcome.pending)
    .catch(() => false);
}
