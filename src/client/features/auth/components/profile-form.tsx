import { Save } from 'lucide-react';
import { useState } from 'react';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import type { AuthUser } from '../../../lib/auth/auth-context.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { AuthSubmitButton } from './auth-submit-button.tsx';
import { NameField } from './name-field.tsx';
import { PhotoUrlField } from './photo-url-field.tsx';

/** The display name and photo URL, saved through the auth context (the header follows). */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { updateUserProfile } = useAuth();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [photoURL, setPhotoURL] = useState(user.photoURL ?? '');
  const [saved, setSaved] = useState(false);
  const { submitting, failure, onSubmit } = useAccountForm(async () => {
    setSaved(false);
    const updated = await updateUserProfile({ displayName, photoURL });
    if (updated) {
      setDisplayName(updated.displayName);
      setPhotoURL(updated.photoURL ?? '');
    }
    setSaved(true);
  });

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
      <FieldErrorsContext value={failure?.errors ?? {}}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
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
          {saved && !failure ? (
            <FormAlert tone="success">Your profile has been updated.</FormAlert>
          ) : null}
          <AuthSubmitButton
            busy={submitting}
            busyText="Saving..."
            icon={<Save className="size-4" aria-hidden="true" />}
            disabled={unchanged}
            className="sm:self-start"
          >
            Save changes
          </AuthSubmitButton>
        </form>
      </FieldErrorsContext>
    </>
  );
}
