import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { PROFILE_LIMITS, PROFILE_MAX_SKILLS } from '../../../../shared/limits.ts';
import type { PublicProfile } from '../../../../shared/profiles.ts';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

/** Skills as the form writes them: one text, comma-separated. */
export const SKILLS_SEPARATOR = ',';

/** What everyone sees on my public profile besides my name and photo. */
export function PublicProfileForm({ profile }: { profile: PublicProfile }) {
  const { fetcher, busy, failure, errors, done } = useSettingsFetcher();
  const { headline, bio, location, skill } = PROFILE_LIMITS;
  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="public-profile" />
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
        {failure && !failure.issues?.length ? (
          <FormAlert tone="error">{failure.message}</FormAlert>
        ) : null}
        {done ? <FormAlert tone="success">Your public profile is saved.</FormAlert> : null}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={busy} busyLabel="Saving your public profile">
            Save public profile
          </SubmitButton>
          <Link
            to={`/users/${profile.id}`}
            className="link link-primary inline-flex items-center gap-1"
          >
            View public profile
            <ExternalLink className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
