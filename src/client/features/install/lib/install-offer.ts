import { useEffect, useState } from 'react';
import { forgetInstallOffer, keptInstallOffer } from '../../../lib/app-install.ts';

/** Chromium's offer to install the app (`beforeinstallprompt`; not in the DOM's types). */
export interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's pending offer to install TaskBid: the one kept since the page loaded
 * (lib/app-install.ts), or one that comes while the screen is open; null once installed.
 */
export function useInstallOffer(): [InstallOffer | null, (offer: null) => void] {
  const [offer, setOffer] = useState(() => keptInstallOffer() as InstallOffer | null);
  useEffect(() => {
    const offered = (event: Event) => setOffer(event as InstallOffer);
    const installed = () => setOffer(null);
    addEventListener('beforeinstallprompt', offered);
    addEventListener('appinstalled', installed);
    return () => {
      removeEventListener('beforeinstallprompt', offered);
      removeEventListener('appinstalled', installed);
    };
  }, []);
  return [offer, setOffer];
}

/**
 * Shows the browser's install question (call it on a click: browsers ask only on a person's
 * gesture) and says what the person answered. An offer answers once.
 */
export async function promptInstall(offer: InstallOffer): Promise<'accepted' | 'dismissed'> {
  forgetInstallOffer();
  await offer.prompt();
  return (await offer.userChoice).outcome;
}

/** Whether this page runs as the installed app (its own window, no address bar). */
export function runsInstalled(): boolean {
  return matchMedia('(display-mode: standalone)').matches;
}
