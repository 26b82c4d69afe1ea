import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { TASK_NOT_FOUND } from '../../../shared/messages.ts';
import type { Photo } from '../../../shared/photos/schema.ts';
import {
  TASK_PHOTO_LIMIT,
  TASK_PHOTOS_FULL,
  photoPath,
  type PhotoKind,
} from '../../../shared/photos/rules.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { insertedRow } from '../../platform/db/rows.ts';
import { photos, tasks, user } from '../../platform/db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { ProcessedPhoto } from './process.ts';
import type { PhotoStore } from './store.ts';

export const PHOTO_NOT_FOUND = 'Photo not found';
export const OWNER_ADDS_PHOTOS = 'Only the task’s owner can add photos to it.';
export const UPLOADER_REMOVES = 'Only the person who added a photo can remove it.';

const photoColumns = {
  id: photos.id,
  width: photos.width,
  height: photos.height,
};

const toPhoto = (row: { id: string; width: number; height: number }): Photo => ({
  _id: row.id,
  url: photoPath(row.id),
  width: row.width,
  height: row.height,
});

/** A stored photo's bytes and type, as the photo address serves them. */
export interface StoredPhoto {
  bytes: Buffer;
  contentType: string;
}

/**
 * All SQL of photos. Commands check, under the lock of the row they change (the task, the
 * photo, the person), that the caller may, and throw the refusal.
 */
export function createPhotoRepository(db: Db, store: PhotoStore, sessions: SessionCache) {
  /** Inserts the row and its bytes inside `tx`. */
  async function insert(
    tx: Db,
    ownerId: string,
    kind: PhotoKind,
    photo: ProcessedPhoto,
    taskId: string | null,
  ) {
    const row = insertedRow(
      await tx
        .insert(photos)
        .values({
          ownerId,
          kind,
          taskId,
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          byteSize: photo.bytes.length,
        })
        .returning(photoColumns),
    );
    await store.put(tx, row.id, photo.bytes);
    return row;
  }

  /** Deletes the photos and their bytes inside `tx`. */
  async function removeRows(tx: Db, ids: readonly string[]) {
    if (ids.length === 0) return;
    await store.remove(tx, ids);
    await tx.delete(photos).where(inArray(photos.id, [...ids]));
  }

  /** The person's uploaded profile photos (one, but an earlier upload may linger). */
  async function avatarIds(tx: Db, userId: string) {
    const rows = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.ownerId, userId), eq(photos.kind, 'avatar')));
    return rows.map((r) => r.id);
  }

  /** Points the person's picture at `image`; their sessions (and the header) follow. */
  async function setImage(tx: Db, userId: string, image: string | null) {
    await tx.update(user).set({ image, updatedAt: new Date() }).where(eq(user.id, userId));
    await sessions.changed(tx, userId);
  }

  return {
    /** The photos of a task, oldest first; 404 when there is no such task. */
    async listForTask(taskId: string): Promise<Photo[]> {
      if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
      const [task] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId));
      if (!task) throw notFound(TASK_NOT_FOUND);
      const rows = await db
        .select(photoColumns)
        .from(photos)
        .where(eq(photos.taskId, taskId))
        .orderBy(asc(photos.createdAt), asc(photos.id));
      return rows.map(toPhoto);
    },

    /** Adds a photo to the caller's task, up to the limit (counted under the task's lock). */
    async attachToTask(taskId: string, userId: string, photo: ProcessedPhoto): Promise<Photo> {
      if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [task] = await tx
          .select({ ownerId: tasks.ownerId })
          .from(tasks)
          .where(eq(tasks.id, taskId))
          .for('update');
        if (!task) throw notFound(TASK_NOT_FOUND);
        if (task.ownerId !== userId) throw forbidden(OWNER_ADDS_PHOTOS);
        const [held] = await tx
          .select({ n: count() })
          .from(photos)
          .where(eq(photos.taskId, taskId));
        if ((held?.n ?? 0) >= TASK_PHOTO_LIMIT)
          throw conflict(TASK_PHOTOS_FULL, 'TASK_PHOTOS_FULL');
        return toPhoto(await insert(tx, userId, 'task', photo, taskId));
      });
    },

    /** Makes the upload the caller's profile photo; earlier uploaded ones go. */
    async setAvatar(userId: string, photo: ProcessedPhoto): Promise<Photo> {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        const earlier = await avatarIds(tx, userId);
        const row = await insert(tx, userId, 'avatar', photo, null);
        await removeRows(tx, earlier);
        await setImage(tx, userId, photoPath(row.id));
        return toPhoto(row);
      });
    },

    /** The caller has no profile photo any more (uploaded or a link). */
    async clearAvatar(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        await removeRows(tx, await avatarIds(tx, userId));
        await setImage(tx, userId, null);
      });
    },

    /** Removes one of the caller's photos (a profile photo in use stops being shown). */
    async remove(photoId: string, userId: string): Promise<void> {
      if (!isUuid(photoId)) throw notFound(PHOTO_NOT_FOUND);
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ ownerId: photos.ownerId, kind: photos.kind })
          .from(photos)
          .where(eq(photos.id, photoId))
          .for('update');
        if (!found) throw notFound(PHOTO_NOT_FOUND);
        if (found.ownerId !== userId) throw forbidden(UPLOADER_REMOVES);
        await removeRows(tx, [photoId]);
        if (found.kind !== 'avatar') return;
        const [me] = await tx.select({ image: user.image }).from(user).where(eq(user.id, userId));
        if (me?.image === photoPath(photoId)) await setImage(tx, userId, null);
      });
    },

    /** A photo's bytes and type, or null. */
    async read(photoId: string): Promise<StoredPhoto | null> {
      if (!isUuid(photoId)) return null;
      const [row] = await db
        .select({ contentType: photos.contentType })
        .from(photos)
        .where(eq(photos.id, photoId));
      if (!row) return null;
      const bytes = await store.get(db, photoId);
      return bytes ? { bytes, contentType: row.contentType } : null;
    },
  };
}
