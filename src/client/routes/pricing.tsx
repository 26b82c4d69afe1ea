import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { ContentPage } from '../features/content/components/content-page.tsx';

const INCLUDED = [
  'Post as many tasks as you need',
  'Bid on any open task',
  'Search, filters and saved recent searches',
  'Light and dark themes on every device',
];

export function Component() {
  return (
    <ContentPage
      title="Pricing"
      intro="TaskBid is free to use. Posting tasks and placing bids cost nothing."
    >
      <div className="my-6 rounded-box border border-primary/40 bg-base-100 p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Everyone</p>
        <p className="mt-2 text-4xl font-extrabold">
          $0 <span className="text-base font-medium text-base-content/70">per month</span>
        </p>
        <ul className="mt-6 space-y-2">
          {INCLUDED.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
        <Link to="/signup" className="btn btn-primary mt-6">
          Create a free account
        </Link>
      </div>

      <h2>How payment for the work is handled</h2>
      <p>
        The budget on a task and the amount in a bid are what the task owner and the freelancer
        agree to. TaskBid does not take a commission and does not process payments: you arrange
        payment directly with the person you choose.
      </p>

      <h2>Will this change?</h2>
      <p>
        If we ever introduce paid features, we will say so on this page and by e-mail at least 30
        days before, and everything you can do for free today will stay free for the tasks you have
        already posted.
      </p>
    </ContentPage>
  );
}
