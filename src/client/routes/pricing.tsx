import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { PRICING_PAGE } from '../../shared/pages/content.ts';

/** What an account can do today, and nothing it cannot. */
const INCLUDED = [
  'Post as many tasks as you need, with a picture, budget and deadline',
  'Make one offer on any open task, then update or withdraw it',
  'Public questions on tasks and private messages with the other side',
  'Accept an offer, then completion confirmed by the person who did the work',
  'Reviews both ways and a public profile with your rating',
  'Notifications in the app and, for the kinds you choose, by e-mail',
  'Search with filters, and your recent searches on this device',
  'Download your data or delete your account yourself, at any time',
];

export function Component() {
  return (
    <ContentPage page={PRICING_PAGE}>
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
        This page lists what TaskBid does today. If paid features come, this page will say what they
        cost and what they add before anyone is charged.
      </p>
    </ContentPage>
  );
}
