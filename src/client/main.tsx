import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startAppInstall } from './lib/app-install.ts';
import { AuthProvider } from './lib/auth/auth-provider.tsx';
import { currentSession } from './lib/auth/session-store.ts';
import { readRouterData } from './lib/router-data.ts';
import { openNewLoadsAtTop } from './lib/scroll-on-load.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

// Who is signed in starts loading with the page, not in a component and not in a route
// loader (a loader on the root route would hold the whole layout, header included, until
// the first screen's code arrives). The AuthProvider and the protected routes' middleware
// read the same session store.
void currentSession();
// Before the router reads the history entry it starts on.
openNewLoadsAtTop();
// The service worker, once the page has loaded; the browser's offer to install, when it comes.
startAppInstall();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A public page comes written by the server with its data: it is hydrated. Any other page
 * arrives empty and is rendered here. (A function, not top-level await: an awaiting entry
 * module would split the bundle into many more files.)
 */
async function start(root: HTMLElement) {
  const hydrationData = readRouterData();
  const router = await createAppRouter(hydrationData);
  const app = (
    <StrictMode>
      <AuthProvider startUnknown={Boolean(hydrationData)}>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>
  );
  // In a transition, hydration works in slices between which the browser stays responsive.
  if (hydrationData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  // From here React takes a press on the page (one before hydration ends hydrates it first):
  // a server-written screen's buttons stop waiting (shell.ts marked it; styles.css).
  root.removeAttribute('data-hydrating');
}

void start(container);
