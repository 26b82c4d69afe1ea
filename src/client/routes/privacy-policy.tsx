import { Link } from 'react-router';
import {
  RESET_PASSWORD_EXPIRES_IN_SECONDS,
  SENT_MAIL_KEPT_DAYS,
  SESSION_DAYS,
  VERIFY_EMAIL_EXPIRES_IN_SECONDS,
} from '../../shared/account.ts';
import { REVIEW_WINDOW_DAYS } from '../../shared/reviews/rules.ts';
import { THREAD_WRITABLE_DAYS_AFTER_COMPLETION } from '../../shared/threads/rules.ts';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { PRIVACY_PAGE } from '../../shared/pages/content.ts';

const HOUR = 60 * 60;

/** /privacy-policy: what TaskBid keeps, who sees it, how long, and what you can do yourself. */
export function Component() {
  return (
    <ContentPage page={PRIVACY_PAGE} note="Last updated: November 2026">
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address, photo URL, whether your address
          is verified, and a securely hashed password (or the link to your Google account if you
          sign in with Google). If you tell us what brings you to TaskBid when you first sign in, we
          keep that choice too.
        </li>
        <li>
          <strong>Your public profile:</strong> the headline, bio, location and skills you write,
          and the ratings from published reviews.
        </li>
        <li>
          <strong>Tasks and offers:</strong> the tasks you post; the offers you make, with their
          message, and each earlier version of an offer you changed (its history).
        </li>
        <li>
          <strong>Questions, messages and reviews:</strong> the public questions you ask and the
          answers you give, your private messages, and the reviews you write and receive, with their
          replies.
        </li>
        <li>
          <strong>Notifications:</strong> the notifications we show you, whether you read them, and
          which kinds you also want by e-mail.
        </li>
        <li>
          <strong>Sessions:</strong> for each device you are signed in on, when the session started
          and was last used, and the IP address and browser (user agent) it started from. You see
          them under Active sessions.
        </li>
        <li>
          <strong>E-mails we send:</strong> a copy of each e-mail (address, subject and text) while
          it waits to be sent and for a while afterwards.
        </li>
        <li>
          <strong>Newsletter:</strong> your e-mail address, if you subscribe.
        </li>
        <li>
          <strong>In your browser only:</strong> your theme (light or dark) and your last few
          searches, in local storage. They never reach us.
        </li>
      </ul>

      <h2>E-mails we send</h2>
      <p>
        A link to verify your address when you sign up or change it, a link to reset your password
        when you ask for one, a note when your password or address changes or your account is
        deleted, a note when someone tries to sign up with your address, and the notifications you
        chose to get by e-mail (offers on your tasks and decisions on yours, questions and answers,
        messages, assignments, completions and reviews). You can turn each kind of notification
        e-mail off in Notification preferences, and every such e-mail has a link to stop them.
        Notification e-mails go only to verified addresses.
      </p>

      <h2>Who can see what</h2>
      <ul>
        <li>
          Anyone can browse the task list: titles, budgets, categories, deadlines and the name of
          the person who posted each task.
        </li>
        <li>
          A task&apos;s full page, with its description and public questions and answers, is for
          signed-in members.
        </li>
        <li>
          An offer (amount, date, message, its earlier versions and the bidder&apos;s e-mail
          address) is seen by the person who made it and by the owner of the task.
        </li>
        <li>Private messages are seen only by the two people in the conversation.</li>
        <li>
          Your public profile (name, photo, headline, bio, location, skills, ratings and published
          reviews) is public. Your e-mail address is never shown on public pages.
        </li>
        <li>
          A review is published when both sides have written theirs, or {REVIEW_WINDOW_DAYS} days
          after the task was completed.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Your account, profile, tasks, offers, questions, messages, reviews and notifications are
          kept as long as your account exists. Conversations can be written in until{' '}
          {THREAD_WRITABLE_DAYS_AFTER_COMPLETION} days after their task is completed; they can still
          be read after that.
        </li>
        <li>
          A session stops working {SESSION_DAYS} days after you last used it, when you sign out or
          end it under Active sessions, and on every other device when you change or reset your
          password.
        </li>
        <li>
          Verification links work for {VERIFY_EMAIL_EXPIRES_IN_SECONDS / HOUR} hours, password reset
          links for {RESET_PASSWORD_EXPIRES_IN_SECONDS / HOUR} hour, and each works once.
        </li>
        <li>
          Copies of e-mails we sent are removed {SENT_MAIL_KEPT_DAYS} days after they were sent.
        </li>
        <li>
          Counts of recent requests from an address (to slow down password guessing and abuse) are
          kept only for the minutes they cover.
        </li>
      </ul>

      <h2>Download or delete your data yourself</h2>
      <p>
        Under{' '}
        <Link to="/profile/data" className="link link-primary">
          Download my data
        </Link>{' '}
        you get everything above that is about you in one file, at any time. Under{' '}
        <Link to="/profile/delete-account" className="link link-primary">
          Delete account
        </Link>{' '}
        you delete your account at once. What goes with it: your sign-in methods and sessions, your
        profile, your open tasks with their offers and questions, your pending and withdrawn offers,
        your questions, your notifications, and the reviews about you. Work you already agreed with
        someone stays on their side under the name &quot;Deleted user&quot;: accepted offers, the
        tasks they did, your messages in your conversations with them, and the ratings of reviews
        you wrote (without their words).
      </p>

      <h2>Why we store it</h2>
      <p>
        Only to run TaskBid: to sign you in, to show your tasks, offers and messages to the people
        they are meant for, to keep ratings honest, and to send the e-mails described above. We do
        not sell your data and we do not use advertising trackers.
      </p>
    </ContentPage>
  );
}
