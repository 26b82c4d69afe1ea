import {
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { WELCOME_GOALS, type WelcomeGoal } from '../../shared/welcome/rules.ts';
import { attempt, formText, isFailure } from '../lib/action-result.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { answerWelcome, fetchWelcome } from '../features/auth/api/welcome-api.ts';
import { WelcomeQuestion } from '../features/auth/components/welcome-question.tsx';
import { WelcomeSteps } from '../features/auth/components/welcome-steps.tsx';

export function loader({ request }: LoaderFunctionArgs) {
  return fetchWelcome(request.signal);
}

const isGoal = (value: string): value is WelcomeGoal =>
  (WELCOME_GOALS as readonly string[]).includes(value);

/** An answer shows its next steps; a skip goes home. Either way the welcome is done. */
export async function action({ request }: ActionFunctionArgs) {
  const text = formText(await request.formData());
  return attempt(async () => {
    const goal = text('goal');
    if (text('intent') === 'skip' || !isGoal(goal)) {
      await answerWelcome();
      return redirect('/');
    }
    return { goal: (await answerWelcome(goal)).goal };
  });
}

export { shouldRevalidate } from '../lib/action-result.ts';

/**
 * /welcome: the first signed-in visit of a new account asks what brings them ("Get work
 * done" or "Earn") and leads to the profile sections worth filling in first. Answered or
 * skipped, it is not shown again; opened later, it shows the steps for the answer given.
 */
export function Component() {
  const welcome = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { user } = useAuth();
  const firstName = user?.displayName.trim().split(/\s+/)[0] ?? '';
  const answered = result && !isFailure(result) ? result.goal : null;

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <title>Welcome · TaskBid</title>
      <div className="flex w-full max-w-2xl flex-col gap-4">
        {isFailure(result) ? <FormAlert tone="error">{result.error.message}</FormAlert> : null}
        {answered || !welcome.pending ? (
          <WelcomeSteps goal={answered ?? welcome.goal} />
        ) : (
          <WelcomeQuestion name={firstName} />
        )}
      </div>
    </div>
  );
}
