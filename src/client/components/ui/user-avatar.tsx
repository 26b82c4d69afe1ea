import { useState } from 'react';

interface UserAvatarProps {
  name: string | null | undefined;
  photoURL: string | null | undefined;
  /** Tailwind size classes, e.g. "size-9". */
  className?: string;
}

/** The user's photo, or (without a photo, or when it fails to load) their first letter. */
export function UserAvatar({ name, photoURL, className = 'size-9' }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const initial = (name?.trim()?.[0] ?? 'U').toUpperCase();
  const showPhoto = Boolean(photoURL) && failedUrl !== photoURL;
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-content ${className}`}
    >
      {showPhoto ? (
        <img
          src={photoURL ?? undefined}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(photoURL ?? null)}
        />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
