import type { FastifyInstance } from 'fastify';
import { tasks } from '../platform/db/schema.ts';
import { seedDemo } from './seed.ts';

/**
 * A fresh embedded (PGlite) database gets the demo data on first start, so the app has
 * something to show. Never on a PostgreSQL server and never in production: demo accounts
 * have published passwords. Turned off with SEED_ON_FIRST_START=false.
 */
export async function seedOnFirstStart(app: FastifyInstance): Promise<void> {
  const { config, database } = app;
  if (!config.seedOnFirstStart || database.kind !== 'pglite') return;
  if (config.env === 'production') {
    app.log.info('first-start demo seed skipped in production');
    return;
  }
  const any = await database.db.select({ id: tasks.id }).from(tasks).limit(1);
  if (any.length > 0) return;
  const summary = await seedDemo(database.db, config.payments);
  app.log.info(summary, 'empty database: demo data seeded (see docs/api.md for the accounts)');
}
