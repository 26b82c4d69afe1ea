import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { photoBytes } from '../../platform/db/schema.ts';

/**
 * Where the bytes of photos live. The rows describing them (`photos`) are always in the
 * database; a store keeps only the bytes, by photo id. The database store is the default and
 * needs nothing more; an S3-compatible bucket is the production option for large volumes
 * (docs/photos.md): same three calls, `put` before the row commits, `remove` after.
 */
export interface PhotoStore {
  /** Keeps the bytes of a new photo (inside the transaction that inserts its row). */
  put(tx: Db, id: string, bytes: Buffer): Promise<void>;
  /** The bytes of a photo, or null when there are none. */
  get(db: Db, id: string): Promise<Buffer | null>;
  /** Forgets the bytes of these photos (inside the transaction that deletes their rows). */
  remove(tx: Db, ids: readonly string[]): Promise<void>;
}

/** The bytes in `photo_bytes`, one row a photo (deleted with it by the foreign key too). */
export const databasePhotoStore: PhotoStore = {
  async put(tx, id, bytes) {
    await tx.insert(photoBytes).values({ photoId: id, bytes });
  },
  async get(db, id) {
    const [row] = await db
      .select({ bytes: photoBytes.bytes })
      .from(photoBytes)
      .where(eq(photoBytes.photoId, id));
    return row?.bytes ?? null;
  },
  async remove(tx, ids) {
    if (ids.length === 0) return;
    await tx.delete(photoBytes).where(inArray(photoBytes.photoId, [...ids]));
  },
};

/** The store this server uses (the one place to choose another). */
export const photoStore: PhotoStore = databasePhotoStore;
