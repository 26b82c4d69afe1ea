import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ACCOUNT_PAGES } from '../../../../shared/account.ts';
import { readItem, tabStorage, writeItem } from '../../../lib/storage.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { ResendVerification } from './resend-verification.tsx';

/** Session storage key: the banner was dismissed for this user, in this tab's session. */
const dismissedKey = (userId: string) => `verifyEmailBannerDismissed:${userId}`;

/**
 * For a signed-in user whose address is not verified yet: "Please verify your e-mail
 * address" with "Resend e-mail" (not on the verification page, which offers its own).
 * Dismissed, it stays away until the browser session ends.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The verification page says the same and offers its own "Resend e-mail".
  if (!user || user.emailVerified || pathname === ACCOUNT_PAGES.emailVerified) return null;
  if (dismissed === user.id || readItem(tabStorage(), dismissedKey(user.id)) === 'true')
    return null;

  const dismiss = () => {
    writeItem(tabStorage(), dismissedKey(user.id), 'true');
    setDismissed(user.id);
  };

  return (
    <section aria-label="E-mail verification" className="border-b border-warning/40 bg-warning/15">
      <div className="page-container flex items-start gap-3 py-3">
        <MailWarning className="mt-1 size-5 shrink-0" aria-hidden="true" />
        <div className="flex flex-1 flex-col gap-2 md:flex-row md:items-center md:gap-4">
          <p className="text-sm">
            <strong className="font-semibold">Please verify your e-mail address</strong>
            <span className="text-base-content/80">
              {' '}
              by following the link we sent to {user.email}.
            </span>
          </p>
          <ResendVerification email={user.email} size="small" />
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          onClick={dismiss}
          aria-label="Dismiss the verification reminder"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
