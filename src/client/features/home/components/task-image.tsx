import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** A task's picture at a fixed 16:9 ratio, lazy-loaded, with a neutral placeholder. */
export function TaskImage({ src }: { src: string | null | undefined }) {
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
        <div className="flex size-full items-center justify-center text-base-content/40">
          <ImageOff className="size-8" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
