import sharp from 'sharp';
import {
  AVATAR_SIDE,
  NOT_A_PHOTO,
  PHOTO_MAX_PIXELS,
  TASK_PHOTO_MAX_SIDE,
  TOO_MANY_PIXELS,
  type PhotoKind,
} from '../../../shared/photos/rules.ts';
import { badRequest } from '../../platform/http/errors.ts';

/** The formats an upload may be in (what libvips decodes that a camera or browser makes). */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const STORED_TYPE = 'image/webp';

/** A photo as it is stored: re-encoded bytes with no metadata, and their size. */
export interface ProcessedPhoto {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

// One photo at a time per libvips call, and no decoded images kept between requests.
sharp.cache(false);

/**
 * Decodes an upload, turns it upright (EXIF orientation), bounds it (a profile photo becomes a
 * square cropped from the centre; a task photo keeps its shape within the longest side) and
 * re-encodes it as WebP. Nothing of the original's metadata survives (EXIF, GPS, XMP, ICC
 * profiles other than sRGB): sharp writes none unless asked. The header is read first, so an
 * absurd pixel count is refused before anything is decoded; `limitInputPixels` is the guard
 * for the decoder itself.
 */
export async function processPhoto(input: Buffer, kind: PhotoKind): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  let pixels = 0;
  try {
    const header = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    format = header.format;
    pixels = (header.width ?? 0) * (header.height ?? 0);
  } catch {
    throw badRequest(NOT_A_PHOTO, 'NOT_A_PHOTO');
  }
  if (!format || !READABLE.has(format) || pixels === 0)
    throw badRequest(NOT_A_PHOTO, 'NOT_A_PHOTO');
  if (pixels > PHOTO_MAX_PIXELS) throw badRequest(TOO_MANY_PIXELS, 'TOO_MANY_PIXELS');

  const pipeline = sharp(input, options).autoOrient();
  if (kind === 'avatar') {
    pipeline.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' });
  } else {
    pipeline.resize(TASK_PHOTO_MAX_SIDE, TASK_PHOTO_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  try {
    const { data, info } = await pipeline
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: STORED_TYPE, width: info.width, height: info.height };
  } catch {
    // A header that reads but a body that does not decode (a truncated or corrupt file).
    throw badRequest(NOT_A_PHOTO, 'NOT_A_PHOTO');
  }
}
