import { Download } from 'lucide-react';
import { useState } from 'react';
import { promptInstall, runsInstalled, useInstallOffer } from '../lib/install-offer.ts';

/**
 * The Install button, shown while the browser offers to install TaskBid (Chrome, Edge,
 * Samsung Internet); otherwise what this browser can do, or that TaskBid is installed.
 */
export function InstallApp() {
  const [offer, setOffer] = useInstallOffer();
  const [outcome, setOutcome] = useState<'accepted' | 'dismissed' | null>(null);
  const [installed] = useState(runsInstalled);

  const install = async () => {
    if (!offer) return;
    setOffer(null);
    setOutcome(await promptInstall(offer));
  };

  let says: string;
  if (installed) says = 'You are using the TaskBid app on this device.';
  else if (outcome === 'accepted') says = 'TaskBid is being added to this device.';
  else if (offer) says = 'Your browser can add TaskBid to this device.';
  else
    says =
      'Your browser has not offered to install TaskBid here. Follow the steps for your device below.';

  return (
    <section
      aria-label="This device"
      className="my-6 flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-100 p-6"
    >
      <p role="status" className="text-base-content/80">
        {says}
      </p>
      {offer && !installed ? (
        <button type="button" className="btn btn-primary" onClick={() => void install()}>
          <Download className="size-4" aria-hidden="true" />
          Install TaskBid
        </button>
      ) : null}
    </section>
  );
}
