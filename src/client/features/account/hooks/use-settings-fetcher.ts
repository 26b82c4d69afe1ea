import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { useFieldErrors } from '../../../components/ui/field-errors.ts';
import { isFailure, type ActionFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';

/** What each settings form asks its section route's action to do (its `intent`). */
export type SettingsIntent =
  | 'profile'
  | 'change-password'
  | 'change-email'
  | 'revoke-session'
  | 'revoke-other-sessions'
  | 'set-preference'
  | 'delete-account'
  | 'public-profile'
  | 'rename-search'
  | 'set-search-frequency'
  | 'set-search-alerts'
  | 'delete-search'
  | 'device-alerts-on'
  | 'device-alerts-off';

/** The action's answer when it worked: which intent, and the address a link went to. */
export interface SettingsDone {
  done: SettingsIntent;
  email?: string;
}

export type SettingsResult = SettingsDone | ActionFailure;

/**
 * A settings form's fetcher and what its last answer says: busy while it posts and reloads,
 * then either `done` or the failure (its message and a message per field). The form given
 * `form` as its ref is emptied once it is done.
 */
export function useSettingsFetcher() {
  const fetcher = useFetcher<SettingsResult>();
  const busy = isSubmitting(fetcher);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = isFailure(answer) ? answer.error : null;
  const errors = useFieldErrors(failure?.issues);
  const done = answer && !isFailure(answer) ? answer : null;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  return { fetcher, busy, failure, errors, done, form };
}
