import { ExternalLink } from 'lucide-react';
import { PROFILE_LIMITS, PROFILE_MAX_SKILLS } from '../../../../shared/limits.ts';
import type { PublicProfile } from '../../../../shared/profiles/schema.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { SettingsForm } from './settings-form.tsx';
import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

/** Skills as the form writes them: one text, comma-separated. */
export const SKILLS_SEPARATOR = ',';

/** What everyone sees on my public profile besides my name and photo. */
export function PublicProfileForm({ profile }: { profile: PublicProfile }) {
  const { headline, bio, location, skill } = PROFILE_LIMITS;
  return (
    <>
      <ModerationNotice notice={profile.moderationNotice} className="mb-4" />
      <SettingsForm
        intent="public-profile"
        submit={{ label: 'Save public profile', busyLabel: 'Saving your public profile' }}
        doneText={() => 'Your public profile is saved.'}
        beside={
          <ProfileLink id={profile.id} className="link link-primary inline-flex items-center gap-1">
            View public profile
            <ExternalLink className="size-4" aria-hidden="true" />
          </ProfileLink>
        }
      >
        <InputField
          label="Headline"
          name="headline"
          note="(optional)"
          {...headline}
          defaultValue={profile.headline}
          hint="One line about what you do, e.g. “Front-end developer who likes tidy, fast pages”."
        />
        <InputField
          label="Location"
          name="location"
          note="(optional)"
          {...location}
          defaultValue={profile.location}
        />
        <InputField
          label="Skills"
          name="skills"
          note="(optional)"
          defaultValue={profile.skills.join(`${SKILLS_SEPARATOR} `)}
          hint={`Separated by commas: up to ${PROFILE_MAX_SKILLS} skills of ${skill.maxLength} characters at most.`}
        />
        <TextareaField
          label="Bio"
          name="bio"
          note="(optional)"
          rows={4}
          {...bio}
          defaultValue={profile.bio}
        />
      </SettingsForm>
    </>
  );
}
