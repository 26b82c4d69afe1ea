import { ContentPage } from '../features/content/components/content-page.tsx';
import { COOKIES_PAGE } from '../../shared/pages/content.ts';

export function Component() {
  return (
    <ContentPage page={COOKIES_PAGE} note="Last updated: January 2026">
      <h2>The session cookie</h2>
      <p>
        When you sign in, we set a session cookie so that you stay signed in as you move between
        pages. It cannot be read by scripts on the page, it is sent only to TaskBid, and it is
        removed when you sign out or when the session expires.
      </p>

      <h2>Settings stored in your browser</h2>
      <ul>
        <li>
          <strong>theme</strong>: whether you chose the light or the dark theme.
        </li>
        <li>
          <strong>recentSearches</strong>: your last five search terms, so you can repeat them.
          &ldquo;Clear all&rdquo; in the search window removes them.
        </li>
      </ul>
      <p>These stay on your device and are never sent to our servers.</p>
      <p>
        Your browser also keeps a copy of TaskBid&rsquo;s offline notice, shown when a page cannot
        load without a connection. It holds nothing about you.
      </p>

      <h2>Your choices</h2>
      <p>
        You can delete cookies and site data in your browser settings at any time. Without the
        session cookie you cannot stay signed in; everything else keeps working.
      </p>
    </ContentPage>
  );
}
