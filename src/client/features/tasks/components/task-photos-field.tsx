import { Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { TASK_PHOTO_LIMIT } from '../../../../shared/photos/rules.ts';
import type { Photo } from '../../../../shared/photos/schema.ts';
import { PhotoPicker } from '../../../components/ui/photo-picker.tsx';

/**
 * The task's photos in its form: those it has (each can be marked for removal, posted as
 * `removePhoto`) and new ones to pick (`photos`), previewed, up to the limit in all.
 */
export function TaskPhotosField({ photos = [] }: { photos?: readonly Photo[] }) {
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setRemoving((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const kept = photos.length - removing.size;
  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      {photos.length > 0 ? (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Current photos</legend>
          <ul className="flex flex-wrap gap-3">
            {photos.map((photo, index) => {
              const marked = removing.has(photo._id);
              return (
                <li key={photo._id} className="flex flex-col items-center gap-1.5">
                  <img
                    src={photo.url}
                    alt={`Saved ${index + 1} of ${photos.length}`}
                    width={photo.width}
                    height={photo.height}
                    className={`size-24 rounded-field border border-base-300 object-cover ${marked ? 'opacity-40' : ''}`}
                  />
                  {marked ? <input type="hidden" name="removePhoto" value={photo._id} /> : null}
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-pressed={marked}
                    aria-label={marked ? `Keep photo ${index + 1}` : `Remove photo ${index + 1}`}
                    onClick={() => toggle(photo._id)}
                  >
                    {marked ? (
                      <Undo2 className="size-3.5" aria-hidden="true" />
                    ) : (
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    )}
                    {marked ? 'Keep' : 'Remove'}
                  </button>
                </li>
              );
            })}
          </ul>
          {removing.size > 0 ? (
            <p className="mt-1.5 text-xs text-base-content/70" role="status">
              Marked photos are removed when you save.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <PhotoPicker
        label="Task Photos"
        name="photos"
        max={TASK_PHOTO_LIMIT - kept}
        hint={`Up to ${TASK_PHOTO_LIMIT} photos, JPEG, PNG, WebP, GIF or AVIF, 8 MB each. Location and camera details are removed.`}
      />
    </div>
  );
}
