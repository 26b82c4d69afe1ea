import { ContentPage } from '../features/content/components/content-page.tsx';

export function Component() {
  return (
    <ContentPage
      title="Privacy Policy"
      intro="What TaskBid stores about you, why, and what you can ask us to do with it."
      note="Last updated: January 2026"
    >
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address and photo URL, and a securely
          hashed password (or the link to your Google account if you sign in with Google).
        </li>
        <li>
          <strong>What you post:</strong> your tasks and bids, with the name and e-mail they were
          posted under.
        </li>
        <li>
          <strong>Newsletter:</strong> your e-mail address, if you subscribe.
        </li>
        <li>
          <strong>Sessions:</strong> a session record so you stay signed in, with the time it was
          created and when it expires.
        </li>
      </ul>

      <h2>Why we store it</h2>
      <p>
        Only to run TaskBid: to sign you in, to show your tasks and bids to the people they are
        meant for, and to send the newsletter you asked for. We do not sell your data and we do not
        use advertising trackers.
      </p>

      <h2>Who can see what</h2>
      <p>
        Tasks are visible to every visitor. The e-mail addresses and messages in bids are visible
        only to the owner of the task. Your e-mail address is never shown on public pages.
      </p>

      <h2>Your rights</h2>
      <p>
        You can change your name and photo at any time in Profile Settings. To get a copy of your
        data or to have your account deleted, write to support@taskbid.example; we answer within 30
        days.
      </p>
    </ContentPage>
  );
}
