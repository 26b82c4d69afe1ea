import { ContentPage } from '../features/content/components/content-page.tsx';
import { TERMS_PAGE } from '../../shared/pages/content.ts';

export function Component() {
  return (
    <ContentPage page={TERMS_PAGE} note="Last updated: January 2026">
      <h2>Your account</h2>
      <p>
        You need an account to post tasks and place bids. Keep your password to yourself; you are
        responsible for what is done with your account.
      </p>

      <h2>Posting tasks and bids</h2>
      <ul>
        <li>
          Describe tasks honestly, and only post work that is legal where you and the freelancer
          are.
        </li>
        <li>A bid is an offer to do the task for the amount and by the date you state.</li>
        <li>No spam, harassment, or attempts to collect other people&apos;s personal data.</li>
      </ul>

      <h2>Agreements between members</h2>
      <p>
        An agreement to do a task is made between the task owner and the freelancer. TaskBid is not
        a party to it and does not handle payments, so please agree on the details before the work
        starts.
      </p>

      <h2>Removing content</h2>
      <p>
        We may remove tasks, bids or accounts that break these terms. You can delete your own tasks
        at any time.
      </p>

      <h2>Liability</h2>
      <p>
        TaskBid is provided as it is. We work to keep it available and secure, but we are not liable
        for the outcome of work arranged through it.
      </p>
    </ContentPage>
  );
}
