import { Link } from 'react-router';
import { DISCOUNT_RATE, DISCOUNT_THRESHOLD_BIDS } from '../../shared/constants.ts';
import { COMPLETION_CONFIRM_DAYS } from '../../shared/lifecycle.ts';
import { REVIEW_WINDOW_DAYS } from '../../shared/reviews/rules.ts';
import { THREAD_WRITABLE_DAYS_AFTER_COMPLETION } from '../../shared/threads/rules.ts';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { HOW_IT_WORKS_PAGE } from '../../shared/pages/content.ts';

/** /how-it-works and /how-to-works (the same page): a task from posting to reviews. */
export function Component() {
  return (
    <ContentPage page={HOW_IT_WORKS_PAGE}>
      <h2>1. Post a task</h2>
      <p>
        Give it a clear title, a description, a category, a deadline and a budget, and a picture if
        you like. Posting is free. Anyone can see it in Browse Tasks; signed-in members open it to
        read the details, ask questions and make an offer. You can change it, or delete it, until
        you accept an offer.
      </p>

      <h2>2. Questions, in public</h2>
      <p>
        Anyone signed in can ask a question on a task they did not post. The owner answers it once,
        on the task&apos;s page, so everyone considering the task reads the same answer. The owner
        can hide a question that does not belong there.
      </p>

      <h2>3. Offers: one per person</h2>
      <ul>
        <li>
          An offer is an amount, the date you can deliver by and, if you like, a message about your
          approach. Only the task&apos;s owner sees it. You cannot bid on your own task.
        </li>
        <li>
          Each person has one offer per task. Sending the form again updates your offer; the owner
          sees that it was changed and what it said before.
        </li>
        <li>You can withdraw a pending offer at any time.</li>
        <li>
          Tasks with {DISCOUNT_THRESHOLD_BIDS} or more offers show their budget{' '}
          {DISCOUNT_RATE * 100}% lower in the lists.
        </li>
      </ul>

      <h2>4. Private messages</h2>
      <p>
        A task&apos;s owner and each person who made an offer on it can talk privately in Messages,
        to settle the details before and while the work is done. A conversation stays open for
        writing until {THREAD_WRITABLE_DAYS_AFTER_COMPLETION} days after its task is completed.
      </p>

      <h2>5. Accept an offer</h2>
      <p>
        The owner accepts one pending offer. The task shows who it is assigned to, moves to In
        Progress, and bidding closes; the other bidders are told. From then on the deal is fixed:
        the budget, title, description and deadline no longer change. If it does not work out, the
        owner can cancel the assignment with a reason, and the task reopens.
      </p>

      <h2>6. Completion, confirmed by the worker</h2>
      <p>
        When the work is done, the owner marks the task completed. The person who did it is told at
        once and confirms it, or disputes it with a reason. Unanswered, it confirms itself after{' '}
        {COMPLETION_CONFIRM_DAYS} days.
      </p>

      <h2>7. Reviews, both ways</h2>
      <p>
        Once a task is completed, the owner and the worker each review the other within{' '}
        {REVIEW_WINDOW_DAYS} days. A review is published when both have written theirs or the window
        closes, so neither can answer the other&apos;s. Published reviews appear on public profiles
        and give each person their rating; the person reviewed can reply once.
      </p>

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
