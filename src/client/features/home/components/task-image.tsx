import { ImageOff, type LucideIcon } from 'lucide-react';
import { useState } from 'react';

interface TaskImageProps {
  src: string | null | undefined;
  /** Shown on the placeholder when there is no picture (e.g. the category's icon). */
  Icon?: LucideIcon;
}

/** A task's picture at a fixed 16:9 ratio, lazy-loaded, with a neutral placeholder. */
export function TaskImage({ src, Icon = ImageOff }: TaskImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = Boolean(src) && failed !== src;
  return (
    <div className="aspect-video w-full overflow-hidden bg-base-200">
      {show ? (
        <img
          src={src ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/5 to-primary/15 text-primary/50">
          <Icon className="size-10" strokeWidth={1.5} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
