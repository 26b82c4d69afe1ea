/** What a photo shows: its uploader's profile photo, or one of their task's photos. */
export const PHOTO_KINDS = ['avatar', 'task'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The largest upload accepted, in bytes (the body limit of the upload routes). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels an upload may have (a 48-megapixel phone photo fits). */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Photos a task may carry. */
export const TASK_PHOTO_LIMIT = 4;
/** The longest side of a stored task photo, in pixels (smaller photos are not enlarged). */
export const TASK_PHOTO_MAX_SIDE = 1600;
/** The side of a stored profile photo: a square, cropped from the centre. */
export const AVATAR_SIDE = 512;
/** The image types a browser may send (what the file pickers accept). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** Where a stored photo is served: one address per photo, its bytes never change. */
export const PHOTO_PATH_PREFIX = '/api/photos/';
export const photoPath = (id: string) => `${PHOTO_PATH_PREFIX}${id}`;
/** The address of a photo stored here (a profile photo may be one instead of an https URL). */
export const OWN_PHOTO_PATH =
  /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isOwnPhotoPath = (value: string) => OWN_PHOTO_PATH.test(value);

/** Refusals the upload gives, sentences a person can act on. */
export const PHOTO_TOO_BIG = `Photos can be ${PHOTO_MAX_BYTES / 1024 / 1024} MB at most.`;
export const NOT_A_PHOTO =
  'That file is not a photo we can read: choose a JPEG, PNG, WebP, GIF or AVIF image.';
export const TOO_MANY_PIXELS = `That photo has too many pixels: ${PHOTO_MAX_PIXELS / 1_000_000} megapixels at most.`;
export const TASK_PHOTOS_FULL = `A task can have ${TASK_PHOTO_LIMIT} photos at most: remove one first.`;
