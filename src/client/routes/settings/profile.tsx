import { attempt, intentAction, isFailure } from '../../lib/action-result.ts';
import { updateProfile } from '../../lib/auth/auth-api.ts';
import { reloadSession } from '../../lib/auth/session-store.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { settingsDone } from '../../features/account/lib/settings-done.ts';
import {
  PROFILE_INTENT,
  ProfileForm,
  type PhotoChange,
} from '../../features/auth/components/profile-form.tsx';
import { authFailure } from '../../features/auth/lib/sign-in-action.ts';
import {
  pickedFiles,
  removeProfilePhoto,
  uploadProfilePhoto,
} from '../../features/photos/api/photos-api.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = { description: 'How other TaskBid members see you.' };

/**
 * The display name and photo: a picked file is uploaded first (the server makes it the
 * account's picture), a removal or a typed link goes with the name; then the session is read
 * again so the header follows.
 */
export const action = intentAction({
  [PROFILE_INTENT]: async ({ intent, text, form }) => {
    const change = text('photoChange') as PhotoChange;
    const [file] = pickedFiles(form, 'photo');
    // The photo's refusals are the photo routes' own sentences ("Photos can be 8 MB at most.").
    const photo = await attempt(async () => {
      if (change === 'file' && file) await uploadProfilePhoto(file);
      if (change === 'remove') await removeProfilePhoto();
      return {};
    });
    if (isFailure(photo)) return photo;
    return attempt(async () => {
      await updateProfile({
        displayName: text('name'),
        ...(change === 'url' ? { photoURL: text('photoURL') } : {}),
      });
      await reloadSession();
      return settingsDone(intent);
    }, authFailure);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile: the first section, the name and photo everyone sees. */
export function Component() {
  const { user } = useAuth();
  // The guard only renders this page for a signed-in user.
  return user ? <ProfileForm user={user} /> : null;
}
