import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * On PostgreSQL, migrates one template database for the whole run; every test file then
 * copies it into a database of its own (see test-database.ts) and drops that copy after.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB !== 'postgres') return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `taskbid_template_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase(withDatabase(serverUrl, name));
  await database.close();
  project.provide('templateDatabase', name);
  process.stdout.write(
    `Database tests also run on PostgreSQL (${new URL(serverUrl).host}), template ${name}\n`,
  );
  return async () => {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

export async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
