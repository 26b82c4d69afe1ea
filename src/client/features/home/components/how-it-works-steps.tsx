import { FilePlus2, Handshake, MessagesSquare, Trophy } from 'lucide-react';
import { HomeSection } from './home-section.tsx';

const STEPS = [
  {
    Icon: FilePlus2,
    title: 'Post a task',
    text: 'Describe the work, set a budget and a deadline. Posting is free.',
  },
  {
    Icon: MessagesSquare,
    title: 'Receive bids',
    text: 'Freelancers offer a price and a completion date for your task.',
  },
  {
    Icon: Handshake,
    title: 'Choose the right person',
    text: 'Compare bids and pick the freelancer who fits your task best.',
  },
  {
    Icon: Trophy,
    title: 'Get it done',
    text: 'Work together until the task is complete, then post the next one.',
  },
];

export function HowItWorksSteps() {
  return (
    <HomeSection
      title="How It Works"
      subtitle="From idea to done in four steps."
      more={{ to: '/how-it-works', label: 'Learn how TaskBid works' }}
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ Icon, title, text }, index) => (
          <li key={title} className="rounded-box border border-base-300 bg-base-100 p-6">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-primary-content">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="text-sm font-semibold text-base-content/70">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-base-content/75">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
