import { sql } from 'drizzle-orm';
import { DELETED_EMAIL_DOMAIN } from '../../../shared/account.ts';
import { user } from '../../platform/db/schema.ts';

/** The address a deleted account's row keeps: on the reserved domain, never mailed. */
export const deletedAddress = (userId: string) => `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;

/**
 * Whether the `user` row (or an alias of it) is a deleted account's, kept anonymised for the
 * work others still show: as SQL, for a query's columns or conditions.
 */
export const accountDeleted = (table: { email: typeof user.email } = user) =>
  sql<boolean>`${table.email} like ${`%@${DELETED_EMAIL_DOMAIN}`}`;
