import { Save, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { isOwnPhotoPath } from '../../../../shared/photos/rules.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { PhotoPicker } from '../../../components/ui/photo-picker.tsx';
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
 * What saving does to the photo (the form's `photoChange` field): upload the picked file
 * (`photo`), remove the photo, set the typed link (`photoURL`), or leave it as it is.
 */
export type PhotoChange = 'file' | 'remove' | 'url' | 'keep';

/**
 * The display name and photo (an uploaded file, previewed before it is sent, or a link),
 * posted with intent `profile` to the screen's action, which reads the session again (the
 * header follows).
 */
export function ProfileForm({ user }: { user: AuthUser }) {
  const uploaded = isOwnPhotoPath(user.photoURL ?? '');
  const initialUrl = uploaded ? '' : (user.photoURL ?? '');
  const [displayName, setDisplayName] = useState(user.displayName);
  const [photoURL, setPhotoURL] = useState(initialUrl);
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  // A saved photo (the session read again) starts the photo fields over from it.
  const [savedPhoto, setSavedPhoto] = useState(user.photoURL);
  if (savedPhoto !== user.photoURL) {
    setSavedPhoto(user.photoURL);
    setPhotoURL(initialUrl);
    setPreview(null);
    setRemoved(false);
  }
  const fetcher = useFetcher<object | ActionFailure>();
  const submitting = isSubmitting(fetcher);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = isFailure(answer) ? answer.error : null;
  const errors = useFieldErrors(failure?.issues);
  const saved = answer !== undefined && !failure;

  const change: PhotoChange = preview
    ? 'file'
    : removed
      ? 'remove'
      : photoURL.trim() !== initialUrl
        ? 'url'
        : 'keep';
  const unchanged = displayName.trim() === user.displayName && change === 'keep';
  const shown = preview ?? (removed ? null : photoURL.trim() || (uploaded ? user.photoURL : null));
  const hasPhoto = Boolean(user.photoURL) && !removed && !preview;

  return (
    <>
      <div className="mb-6 flex items-center gap-4">
        <UserAvatar
          name={displayName || user.displayName}
          photoURL={shown}
          className="size-16 text-2xl"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.displayName || 'User'}</p>
          <p className="truncate text-sm text-base-content/75">{user.email}</p>
        </div>
      </div>
      <FieldErrorsContext value={errors}>
        <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={PROFILE_INTENT} />
          <input type="hidden" name="photoChange" value={change} />
          <NameField
            label="Display name"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            disabled={submitting}
          />
          <PhotoPicker
            key={savedPhoto ?? ''}
            label="Upload a photo"
            name="photo"
            hint="JPEG, PNG, WebP, GIF or AVIF, up to 8 MB. We crop it to a square and remove its location and camera details."
            disabled={submitting}
            onPick={(picked) => {
              setPreview(picked[0]?.url ?? null);
              if (picked.length > 0) setRemoved(false);
            }}
          />
          {hasPhoto || removed ? (
            <div className="flex flex-wrap items-center gap-3">
              {removed ? (
                <>
                  <p className="text-sm" role="status">
                    Your photo will be removed when you save.
                  </p>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setRemoved(false)}
                  >
                    <Undo2 className="size-4" aria-hidden="true" />
                    Keep my photo
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={submitting}
                  onClick={() => {
                    setRemoved(true);
                    setPhotoURL('');
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove photo
                </button>
              )}
            </div>
          ) : null}
          <PhotoUrlField
            value={photoURL}
            onChange={(event) => {
              setPhotoURL(event.target.value);
              if (event.target.value.trim() !== '') setRemoved(false);
            }}
            disabled={submitting || preview !== null}
            hint={
              preview
                ? 'The photo you picked is used instead of a link.'
                : uploaded && !removed
                  ? 'You use an uploaded photo; a link here replaces it.'
                  : undefined
            }
          />
          <InputField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint={
              <>
                To use another address, see{' '}
                <Link to="/profile/email" className="link link-primary">
                  Change e-mail
                </Link>
                .
              </>
            }
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
