import { Briefcase, HandCoins, type LucideIcon } from 'lucide-react';
import { Form } from 'react-router';
import {
  WELCOME_GOAL_LABELS,
  WELCOME_GOALS,
  type WelcomeGoal,
} from '../../../../shared/welcome/rules.ts';
import { useSubmitting } from '../../../lib/pending.ts';

// Icons the home page does not use: sharing one would split it into a chunk of its own there.
const ICONS: Record<WelcomeGoal, LucideIcon> = { hire: Briefcase, earn: HandCoins };

/** "What brings you to TaskBid?": two answers and a skip, posted to the welcome's action. */
export function WelcomeQuestion({ name }: { name: string }) {
  const busy = useSubmitting();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome to TaskBid{name ? `, ${name}` : ''}
        </h1>
        <p id="welcome-question" className="mt-2 text-base-content/75">
          What brings you here? We&apos;ll point you to the first steps that matter for you.
        </p>
      </div>
      <Form method="post" className="flex flex-col gap-4" aria-labelledby="welcome-question">
        <div className="grid gap-3 sm:grid-cols-2">
          {WELCOME_GOALS.map((goal) => {
            const Icon = ICONS[goal];
            const { title, text } = WELCOME_GOAL_LABELS[goal];
            return (
              <button
                key={goal}
                type="submit"
                name="goal"
                value={goal}
                disabled={busy}
                aria-describedby={`welcome-goal-${goal}`}
                className="flex h-full flex-col items-start gap-2 rounded-box border border-base-300 bg-base-100 p-5 text-left transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
              >
                <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-lg font-semibold">{title}</span>
                <span id={`welcome-goal-${goal}`} className="text-sm text-base-content/75">
                  {text}
                </span>
              </button>
            );
          })}
        </div>
        <div>
          <button
            type="submit"
            name="intent"
            value="skip"
            disabled={busy}
            className="btn btn-ghost btn-sm"
          >
            Skip for now
          </button>
        </div>
      </Form>
    </div>
  );
}
