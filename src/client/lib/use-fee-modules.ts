import { useEffect, useState } from 'react';
import type * as FeesModule from '../../shared/payments/fees.ts';
import type { FeeSchedule } from '../../shared/payments/fees.ts';
import type * as WordsModule from '../../shared/payments/words.ts';

/** The fee quote and the words that show it: what a form needs to show fees. */
export interface FeeModules {
  fees: typeof FeesModule;
  words: typeof WordsModule;
}

let loading: Promise<FeeModules> | null = null;

/**
 * The fee modules once a form has a fee schedule to show (payment protection on), else null.
 * They load after the page's first paint, and never where payments are off: the pages that
 * hold a bid form or an accept dialog do not carry them in their first JavaScript.
 */
export function useFeeModules(schedule: FeeSchedule | null | undefined): FeeModules | null {
  const [modules, setModules] = useState<FeeModules | null>(null);
  useEffect(() => {
    if (!schedule || modules) return;
    loading ??= Promise.all([
      import('../../shared/payments/fees.ts'),
      import('../../shared/payments/words.ts'),
    ]).then(([fees, words]) => ({ fees, words }));
    let current = true;
    void loading.then((loaded) => {
      if (current) setModules(loaded);
    });
    return () => {
      current = false;
    };
  }, [schedule, modules]);
  return schedule ? modules : null;
}
