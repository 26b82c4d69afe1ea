import { useEffect, useState } from 'react';
import { fetchAuthConfig } from '../../../lib/auth/auth-api.ts';

/** Whether Google sign-in is configured; null while asking the server. */
export function useGoogleEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    fetchAuthConfig()
      .then((config) => {
        if (active) setEnabled(config.googleEnabled);
      })
      .catch(() => {
        if (active) setEnabled(false);
      });
    return () => {
      active = false;
    };
  }, []);
  return enabled;
}
