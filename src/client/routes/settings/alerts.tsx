import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ALERT_EVERY_MINUTES, ALERT_FREQUENCIES } from '../../../shared/alerts/rules.ts';
import { intentAction, unknownIntent } from '../../lib/action-result.ts';
import {
  deleteSavedSearch,
  fetchSavedSearches,
  updateSavedSearch,
} from '../../features/alerts/api/alerts-api.ts';
import { AlertOptions } from '../../features/alerts/components/alert-options.tsx';
import { readAlertOptions } from '../../features/alerts/lib/criteria.ts';
import { SavedSearchList } from '../../features/account/components/saved-search-list.tsx';
import { describeCriteria } from '../../features/tasks/lib/browse-query.ts';
import { settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description: `Searches you saved on Browse Tasks. When new tasks match one, we tell you in the app or by e-mail: instantly (at most once every ${ALERT_EVERY_MINUTES} minutes for each search), or in one daily or weekly e-mail.`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { searches: await fetchSavedSearches(request.signal) };
}

export const action = intentAction({
  'rename-search': async ({ intent, text }) => {
    await updateSavedSearch(text('id'), { name: text('name') });
    return settingsDone(intent);
  },
  'set-search-frequency': async ({ intent, text }) => {
    const frequency = ALERT_FREQUENCIES.find((f) => f === text('frequency'));
    if (!frequency) return unknownIntent(`${intent} ${text('frequency')}`);
    await updateSavedSearch(text('id'), { frequency });
    return settingsDone(intent);
  },
  'set-search-alerts': async ({ intent, text, form }) => {
    const { frequency, channels } = readAlertOptions(form);
    await updateSavedSearch(text('id'), { frequency, channels });
    return settingsDone(intent);
  },
  'delete-search': async ({ intent, text }) => {
    await deleteSavedSearch(text('id'));
    return settingsDone(intent);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/**
 * /profile/alerts: the saved searches, each to open, pause or resume, change how it alerts,
 * rename or delete.
 */
export function Component() {
  const { searches } = useLoaderData<typeof loader>();
  const described = searches.map((search) => ({
    search,
    words: describeCriteria(search.criteria),
  }));
  return (
    <SavedSearchList
      searches={described}
      alertOptions={(search) => (
        <AlertOptions frequency={search.frequency} channels={search.channels} label={search.name} />
      )}
    />
  );
}
