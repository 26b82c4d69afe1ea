import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PHOTO_KINDS } from '../../../../shared/photos/rules.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/* ---------- Photos (profile photos and a task's photos) ---------- */

/**
 * A photo as it was stored after re-encoding: who uploaded it, what it shows (`avatar`: their
 * profile photo; `task`: one of their task's photos) and its size. Its bytes are kept apart
 * (`photo_bytes`, or an object store), so listing photos never reads them.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: belongsTo(text('owner_id'), () => user.id),
    kind: text('kind', { enum: PHOTO_KINDS }).notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('photos_task_created_at_idx').on(t.taskId, t.createdAt, t.id),
    index('photos_owner_idx').on(t.ownerId),
    oneOf('photos_kind_check', t.kind, PHOTO_KINDS),
  ],
);

/** The re-encoded bytes of a photo, when the database is the photo store. */
export const photoBytes = pgTable('photo_bytes', {
  photoId: belongsTo(uuid('photo_id'), () => photos.id).primaryKey(),
  bytes: bytea('bytes').notNull(),
});
