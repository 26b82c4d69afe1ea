import type { Photo } from '../../../../shared/photos/schema.ts';

/**
 * A task's photos on its page: a row of thumbnails in boxes of fixed shape (no layout shift),
 * lazy-loaded, each a link to the photo at full size.
 */
export function TaskPhotos({ photos, title }: { photos: readonly Photo[]; title: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="task-photos-heading" className="mt-6">
      <h2 id="task-photos-heading" className="text-lg font-semibold">
        Photos
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo._id}>
            <a
              href={photo.url}
              target="_blank"
              rel="noopener"
              className="block overflow-hidden rounded-field border border-base-300 bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <img
                src={photo.url}
                alt={`${title}, ${index + 1} of ${photos.length}`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full object-cover transition-transform motion-safe:hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
