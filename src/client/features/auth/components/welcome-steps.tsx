// Not ArrowRight: the home page has it, and sharing it would split it into a chunk there.
import { MoveRight } from 'lucide-react';
import { Link } from 'react-router';
import { welcomeSteps, type WelcomeGoal } from '../../../../shared/welcome/rules.ts';

const INTRO: Record<WelcomeGoal | 'none', string> = {
  hire: 'People answer a task faster when they can see who posted it.',
  earn: 'Task owners choose people whose profile tells them who they are hiring.',
  none: 'A few minutes on your profile helps people trust you.',
};

/** The next steps for an answer: the profile sections to fill in, and the first real action. */
export function WelcomeSteps({ goal }: { goal: WelcomeGoal | null }) {
  const steps = welcomeSteps(goal);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your next steps</h1>
        <p className="mt-2 text-base-content/75">{INTRO[goal ?? 'none']}</p>
      </div>
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center"
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div className="flex-1">
              <h2 className="font-semibold">{step.title}</h2>
              <p className="text-sm text-base-content/75">{step.text}</p>
            </div>
            <Link to={step.to} className="btn btn-outline btn-sm self-start sm:self-center">
              {step.link}
              <MoveRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ol>
      <p>
        <Link to="/" className="link link-primary font-medium">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
