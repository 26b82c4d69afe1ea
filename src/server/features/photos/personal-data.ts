import { asc, eq } from 'drizzle-orm';
import { photoPath } from '../../../shared/photos/rules.ts';
import { photos } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';
import { photoStore } from './store.ts';

/**
 * The photos a person uploaded (their profile photo, their tasks' photos): listed in the
 * download with their addresses, and deleted with the account, bytes and all.
 */
export const photoPersonalData: PersonalData = {
  tables: [photos],
  async export(db, userId) {
    const rows = await db
      .select({
        id: photos.id,
        kind: photos.kind,
        taskId: photos.taskId,
        contentType: photos.contentType,
        width: photos.width,
        height: photos.height,
        byteSize: photos.byteSize,
        createdAt: photos.createdAt,
      })
      .from(photos)
      .where(eq(photos.ownerId, userId))
      .orderBy(asc(photos.createdAt));
    return { photos: rows.map((row) => ({ ...row, url: photoPath(row.id) })) };
  },
  async erase(tx, userId) {
    const mine = await tx.select({ id: photos.id }).from(photos).where(eq(photos.ownerId, userId));
    await photoStore.remove(
      tx,
      mine.map((p) => p.id),
    );
    await tx.delete(photos).where(eq(photos.ownerId, userId));
  },
};
