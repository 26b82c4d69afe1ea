import { Link } from 'react-router';
import { ContentPage } from '../features/content/components/content-page.tsx';

/** /how-it-works and /how-to-works (the same page). */
export function Component() {
  return (
    <ContentPage
      title="How It Works"
      intro="TaskBid connects people who need something done with skilled professionals who can do it. Here is how both sides use it."
    >
      <h2>If you need a task done</h2>
      <ul>
        <li>
          <strong>Post your task.</strong> Give it a clear title, a description, a category, a
          deadline and, if you like, a budget and a picture. Posting is free.
        </li>
        <li>
          <strong>Collect bids.</strong> Freelancers offer an amount and a completion date. You see
          every bid on your task&apos;s bids page.
        </li>
        <li>
          <strong>Choose and follow up.</strong> Compare the offers, pick the person who fits best,
          and keep your task&apos;s status up to date in My Posted Tasks.
        </li>
      </ul>

      <h2>If you are a freelancer</h2>
      <ul>
        <li>
          <strong>Browse open tasks.</strong> Search by keyword, filter by category, price, location
          and skills, and sort by date or budget.
        </li>
        <li>
          <strong>Place a bid.</strong> Offer your price and the date you can deliver by. You can
          add a short message to explain your approach.
        </li>
        <li>
          <strong>Deliver great work.</strong> Good work on one task brings the next one.
        </li>
      </ul>

      <h2>Good to know</h2>
      <ul>
        <li>Tasks that already have three or more bids show a 10% discount on their budget.</li>
        <li>Only the owner of a task can edit it, delete it, or read the messages of its bids.</li>
        <li>You cannot bid on your own task.</li>
      </ul>

      <p>
        Ready?{' '}
        <Link to="/add-task" className="link link-primary">
          Post a task
        </Link>{' '}
        or{' '}
        <Link to="/browse-tasks" className="link link-primary">
          browse open tasks
        </Link>
        .
      </p>
    </ContentPage>
  );
}
