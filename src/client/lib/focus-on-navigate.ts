import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation to another page, the focus goes to the new page's h1, so a
 * screen reader announces where it landed and the next Tab starts from the top of its
 * content. Not on the first load (the browser starts at the top of the document), and not
 * when only the search or the hash changes (filters, paging, "Load more": the reader stays
 * on the control they used). The h1 is made focusable here (`tabindex="-1"`: reachable by
 * script, not by Tab), and the page does not scroll: where it opens is
 * `<ScrollRestoration>`'s and lib/scroll-on-load.ts's decision. A control of the page that
 * stays and already holds the focus keeps it (the settings' phone menu closes onto the button
 * naming the new section).
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const kept = active && active !== document.body && active.isConnected;
    if (kept && document.getElementById('main')?.contains(active)) return;
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
