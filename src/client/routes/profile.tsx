import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { UserAvatar } from '../components/ui/user-avatar.tsx';
import type { AuthUser } from '../lib/auth/auth-context.ts';
import { authFailureMessage } from '../lib/auth/auth-failure.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { TextField } from '../features/auth/components/text-field.tsx';
import { NAME_MAX, PHOTO_URL_HINT, PHOTO_URL_PATTERN } from '../features/auth/form-rules.ts';

type Result = { tone: 'success' | 'error'; text: string } | null;

/** /profile (protected): edit the display name and photo URL. */
export function Component() {
  const { user } = useAuth();
  // The guard only renders this page for a signed-in user.
  if (!user) return null;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: AuthUser }) {
  const { updateUserProfile } = useAuth();
  const id = useId();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [photoURL, setPhotoURL] = useState(user.photoURL ?? '');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const unchanged =
    displayName.trim() === user.displayName && photoURL.trim() === (user.photoURL ?? '');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    setSaving(true);
    try {
      const updated = await updateUserProfile({ displayName, photoURL });
      if (updated) {
        setDisplayName(updated.displayName);
        setPhotoURL(updated.photoURL ?? '');
      }
      setResult({ tone: 'success', text: 'Your profile has been updated.' });
    } catch (failure) {
      setResult({ tone: 'error', text: authFailureMessage(failure) });
    } finally {
      setSaving(false);
    }
  };

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
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          id={`${id}-name`}
          label="Display name"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          disabled={saving}
        />
        <TextField
          id={`${id}-photo`}
          label="Photo URL"
          type="url"
          name="photoURL"
          autoComplete="photo"
          pattern={PHOTO_URL_PATTERN}
          maxLength={2048}
          placeholder="https://example.com/me.jpg"
          hint={PHOTO_URL_HINT}
          value={photoURL}
          onChange={(event) => setPhotoURL(event.target.value)}
          disabled={saving}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={user.email}
          className="bg-base-200 text-base-content/80"
          readOnly
          required
          hint="Your e-mail address cannot be changed."
        />
        {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
        <button
          type="submit"
          className="btn btn-primary mt-2 w-full"
          disabled={saving || unchanged}
        >
          {saving ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <Save className="size-4" aria-hidden="true" />
          )}
          {saving ? 'Saving...' : 'Save changes'}
        </button>
      </form>
    </AuthCard>
  );
}
