import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { intentAction } from '../../lib/action-result.ts';
import { sessionUser } from '../../lib/auth/session-context.ts';
import {
  fetchMyPublicProfile,
  updatePublicProfile,
} from '../../features/account/api/account-api.ts';
import {
  PublicProfileForm,
  SKILLS_SEPARATOR,
} from '../../features/account/components/public-profile-form.tsx';
import { settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'What everyone sees on your public profile, beside your name, your track record and your reviews. Never your e-mail address.',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await sessionUser(context);
  return { publicProfile: await fetchMyPublicProfile(request.signal) };
}

export const action = intentAction({
  'public-profile': async ({ intent, text }) => {
    await updatePublicProfile({
      headline: text('headline'),
      location: text('location'),
      bio: text('bio'),
      skills: text('skills')
        .split(SKILLS_SEPARATOR)
        .map((skill) => skill.trim())
        .filter(Boolean),
    });
    return settingsDone(intent);
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/public-profile: headline, location, skills and bio. */
export function Component() {
  const { publicProfile } = useLoaderData<typeof loader>();
  return <PublicProfileForm profile={publicProfile} />;
}
