import { ContentPage } from '../features/content/components/content-page.tsx';
import { INSTALL_PAGE } from '../../shared/pages/content.ts';
import { InstallApp } from '../features/install/components/install-app.tsx';

export function Component() {
  return (
    <ContentPage page={INSTALL_PAGE}>
      <InstallApp />

      <h2>On iPhone or iPad</h2>
      <p>Open TaskBid in Safari, tap Share, then Add to Home Screen.</p>

      <h2>On a computer or Android</h2>
      <p>
        In Chrome or Edge, use the install icon in the address bar, or Install TaskBid in the
        browser&rsquo;s menu. On Android you may see Add to Home screen instead.
      </p>

      <h2>When you are offline</h2>
      <p>
        If you open a page without a connection, TaskBid shows a short notice with a Try again
        button instead of the browser&rsquo;s error. Your tasks, bids and messages are never stored
        on the device: they need a connection.
      </p>
    </ContentPage>
  );
}
