import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { createProgressBar } from '../seed/progress-bar.ts';
import { isUuid } from '../../src/server/platform/db/ids.ts';
import { DEFAULT_MAX_FILE_BYTES, ImportStop } from './read-documents.ts';
import { createImportRepository } from './repository.ts';
import { runImport } from './run.ts';

const USAGE = `Usage: npm run import -- --tasks tasks.json --bids bids.json [--dry-run]
       npm run import -- --undo BATCH_ID
Imports the first version's mongoexport files (a JSON array or one document a line, relaxed or
canonical Extended JSON). Running it again skips what is already imported.
Options: --dry-run                 print what a real run would do; write nothing to the database
         --rejects FILE            where the rejected records go (default import-rejects.jsonl)
         --ignore-unknown-fields   import records with fields TaskBid does not know, without them
         --max-file-size MB        refuse a larger file before reading it (default 256)
         --undo BATCH_ID           remove what that run imported (see docs/import.md)
The database is DATABASE_URL (default: the embedded PGlite in ./data/pglite; stop the server first).`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        tasks: { type: 'string' },
        bids: { type: 'string' },
        'dry-run': { type: 'boolean' },
        rejects: { type: 'string' },
        'ignore-unknown-fields': { type: 'boolean' },
        'max-file-size': { type: 'string' },
        undo: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ImportStop((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const maxFileMb = Number(values['max-file-size'] ?? DEFAULT_MAX_FILE_BYTES / (1024 * 1024));
  if (!(maxFileMb > 0))
    throw new ImportStop(`--max-file-size takes a number of MB, not "${values['max-file-size']}"`);
  if (values.undo !== undefined && !isUuid(values.undo))
    throw new ImportStop(`--undo takes the batch id a run printed (a UUID), not "${values.undo}"`);
  const database = await openDatabase(loadConfig().databaseUrl);
  try {
    if (values.undo !== undefined) {
      const undone = await createImportRepository(database.db).undo(values.undo);
      if (!undone) throw new ImportStop(`No import batch ${values.undo} (already undone?)`);
      process.stdout.write(
        `Undone batch ${values.undo}: ${undone.tasks} tasks, ${undone.bids} bids and ${undone.accounts} unclaimed accounts removed.\n`,
      );
      return;
    }
    const bar = createProgressBar();
    const started = Date.now();
    const result = await runImport(database.db, {
      tasksFile: values.tasks ?? null,
      bidsFile: values.bids ?? null,
      dryRun: values['dry-run'] ?? false,
      rejectsFile: values.rejects ?? 'import-rejects.jsonl',
      ignoreUnknownFields: values['ignore-unknown-fields'] ?? false,
      maxFileBytes: Math.floor(maxFileMb * 1024 * 1024),
      // A server takes several chunks at once; the embedded database runs one at a time anyway.
      parallel: database.kind === 'postgres' ? 4 : 1,
      progress: (phase, done, total) => bar.update(phase, done, total),
    });
    process.stdout.write(result.summary);
    process.stdout.write(`Took ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  } finally {
    await database.close();
  }
}

/**
 * Why an unexpected failure stopped the run, without the records' data: a failed query's own
 * message holds the statement and every value of the chunk (names, e-mails), so only its
 * innermost cause is told, with any quoted value left out.
 */
function stopReason(error: unknown): string {
  let inner = error as Error;
  while (inner.cause instanceof Error) inner = inner.cause;
  return inner.message.replace(/"[^"]*"/g, '"…"').slice(0, 200);
}

main().catch((error: unknown) => {
  const known = error instanceof ImportStop || error instanceof ConfigError;
  process.stderr.write(
    known
      ? `${(error as Error).message}\n\n${USAGE}\n`
      : `Import stopped: ${stopReason(error)}\nNothing of the chunk in progress was written; running the same command again continues where it stopped.\n`,
  );
  process.exit(1);
});
