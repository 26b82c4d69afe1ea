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
import { DeviceAlerts } from '../../features/push/components/device-alerts.tsx';
import {
  deviceAlertState,
  turnOffDeviceAlerts,
  turnOnDeviceAlerts,
} from '../../features/push/lib/push-device.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description: `Searches you saved on Browse Tasks. When new tasks match one, we tell you in the app, on your devices or by e-mail: instantly (at most once every ${ALERT_EVERY_MINUTES} minutes for each search), or in one daily or weekly e-mail.`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [searches, device] = await Promise.all([
    fetchSavedSearches(request.signal),
    deviceAlertState(),
  ]);
  return { searches, device };
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
  'device-alerts-on': async ({ intent }) => {
    await turnOnDeviceAlerts();
    return settingsDone(intent);
  },
  'device-alerts-off': async ({ intent }) => {
    await turnOffDeviceAlerts();
    return settingsDone(intent);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/**
 * /profile/alerts: the saved searches, each to open, pause or resume, change how it alerts,
 * rename or delete.
 */
export function Component() {
  const { searches, device } = useLoaderData<typeof loader>();
  const described = searches.map((search) => ({
    search,
    words: describeCriteria(search.criteria),
  }));
  return (
    <>
      <DeviceAlerts state={device} />
      <SavedSearchList
        searches={described}
        alertOptions={(search) => (
          <AlertOptions
            frequency={search.frequency}
            channels={search.channels}
            label={search.name}
          />
        )}
      />
    </>
  );
}
