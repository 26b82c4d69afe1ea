import { Save } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { isFailure, type ActionFailure } from '../../../lib/action-result.ts';
import type { AuthUser } from '../../../lib/auth/auth-context.ts';
import { isSubmitting } from '../../../lib/pending.ts';
import { NameField } from './name-field.tsx';
import { PhotoUrlField } from './photo-url-field.tsx';

/** The intent the profile screen's action saves this form under. */
export const PROFILE_INTENT = 'profile';

/**
 * The display name and photo URL, posted with intent `profile` to the screen's action, which
 * reads the session again (the header follows).
 */
export function ProfileForm({ user }: { user: AuthUser }) {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [photoURL, setPhotoURL] = useState(user.photoURL ?? '');
  const fetcher = useFetcher<object | ActionFailure>();
  const submitting = isSubmitting(fetcher);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = isFailure(answer) ? answer.error : null;
  const errors = useFieldErrors(failure?.issues);
  const saved = answer !== undefined && !failure;

  const unchanged =
    displayName.trim() === user.displayName && photoURL.trim() === (user.photoURL ?? '');

  return (
    <>
      <div className="mb-6 flex items-center gap-4">
        <UserAvatar
          name={displayName || user.displayName}
          photoURL={photoURL.trim() || null}
          className="size-16 text-2xl"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.displayName || 'User'}</p>
          <p className="truncate text-sm text-base-content/75">{user.email}</p>
        </div>
      </div>
      <FieldErrorsContext value={errors}>
        <fetcher.Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={PROFILE_INTENT} />
          <NameField
            label="Display name"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            disabled={submitting}
          />
          <PhotoUrlField
            value={photoURL}
            onChange={(event) => setPhotoURL(event.target.value)}
            disabled={submitting}
          />
          <InputField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint="To use another address, see Change e-mail below."
          />
          {failure ? <FormAlert tone="error">{failure.message}</FormAlert> : null}
          {saved ? <FormAlert tone="success">Your profile has been updated.</FormAlert> : null}
          <SubmitButton
            busy={submitting}
            busyLabel="Saving your profile"
            icon={Save}
            disabled={unchanged}
            className="sm:self-start"
            label="Save changes"
          />
        </fetcher.Form>
      </FieldErrorsContext>
    </>
  );
}
