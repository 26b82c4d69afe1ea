import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { CATEGORY_ICONS } from './category-icons.ts';

interface TaskImageProps {
  src: string | null | undefined;
  /** Empty for a decorative image (the title is next to it). */
  alt?: string;
  /** Aspect ratio and rounding, e.g. "aspect-video rounded-box". */
  className?: string;
  /** The task's category: its icon marks the placeholder. */
  category?: string | null;
}

/**
 * A task's picture: lazy-loaded in a box of fixed aspect ratio (no layout shift), with a
 * neutral placeholder when there is no image or it fails to load.
 */
export function TaskImage({ src, alt = '', className = 'aspect-video', category }: TaskImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const Icon = (category && CATEGORY_ICONS[category as keyof typeof CATEGORY_ICONS]) || ImageOff;
  const show = Boolean(src) && failed !== src;
  return (
    <div className={`relative overflow-hidden bg-base-200 ${className}`}>
      {show ? (
        <img
          src={src ?? undefined}
          alt={alt}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <div className="absolute inset-0 grid place-items-center bg-linear-to-br from-primary/10 via-base-200 to-base-300/60 text-primary/50">
          <Icon className="size-9" strokeWidth={1.5} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
