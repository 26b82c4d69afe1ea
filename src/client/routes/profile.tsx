import { Save } from 'lucide-react';
import { useState } from 'react';
import { FieldErrorsContext } from '../components/ui/field-errors.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { InputField } from '../components/ui/input-field.tsx';
import { UserAvatar } from '../components/ui/user-avatar.tsx';
import type { AuthUser } from '../lib/auth/auth-context.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { AuthSubmitButton } from '../features/auth/components/auth-submit-button.tsx';
import { NameField } from '../features/auth/components/name-field.tsx';
import { PhotoUrlField } from '../features/auth/components/photo-url-field.tsx';
import { useAccountForm } from '../features/auth/hooks/use-account-form.ts';

/** /profile (protected): edit the display name and photo URL. */
export function Component() {
  const { user } = useAuth();
  // The guard only renders this page for a signed-in user.
  if (!user) return null;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: AuthUser }) {
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
    <AuthCard title="Profile Settings" subtitle="How other TaskBid members see you.">
      <title>Profile Settings · TaskBid</title>
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
            hint="Your e-mail address cannot be changed."
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
          >
            Save changes
          </AuthSubmitButton>
        </form>
      </FieldErrorsContext>
    </AuthCard>
  );
}
