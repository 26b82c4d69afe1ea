import { DownloadData } from '../../features/account/components/download-data.tsx';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'A JSON file with your profile, your tasks, your bids, your notifications and your e-mail settings.',
};

/** /profile/data: the server answers the link with the file itself. */
export function Component() {
  return <DownloadData />;
}
