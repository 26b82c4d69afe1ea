/**
 * One import run: read both files, plan, write the rejects file, then (unless a dry run)
 * carry the plan out in chunks, and answer the summary a person reads.
 */
import { writeFile } from 'node:fs/promises';
import type { Db } from '../../src/server/platform/db/client.ts';
import { planImport, type Plan, type PlannedBid, type PlannedTask, type Reject } from './plan.ts';
import { ImportStop, readDocuments } from './read-documents.ts';
import { createImportRepository } from './repository.ts';

export interface ImportOptions {
  tasksFile: string | null;
  bidsFile: string | null;
  dryRun: boolean;
  rejectsFile: string;
  ignoreUnknownFields: boolean;
  /** A file larger than this stops the run before it is read (default 256 MB). */
  maxFileBytes?: number;
  /** Tasks per transaction (each with all its bids). */
  chunk?: number;
  /** Transactions at once (each chunk is independent of the others). */
  parallel?: number;
  progress?: (phase: string, done: number, total: number) => void;
}

export interface ImportResult {
  batchId: string | null;
  plan: Plan;
  /** Records the database refused although the plan took them (each with its reason). */
  failed: Reject[];
  summary: string;
}

/** A rejected record's text in the rejects file: whole up to this length, then cut. */
const REJECT_TEXT_MAX = 2000;

function rejectLine(r: Reject): string {
  const record =
    r.text.length > REJECT_TEXT_MAX
      ? `${r.text.slice(0, REJECT_TEXT_MAX)}… (${r.text.length.toLocaleString('en-US')} characters, cut)`
      : r.text;
  return JSON.stringify({
    kind: r.kind,
    file: r.file,
    line: r.line,
    _id: r.oldId,
    reason: r.reason,
    detail: r.detail,
    record,
  });
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function summarise(
  plan: Plan,
  rejects: Reject[],
  options: ImportOptions,
  batchId: string | null,
) {
  const { tasks, bids } = plan.counts;
  const lines = [
    options.dryRun ? 'Dry run: nothing was written. A real run would do this:' : 'Import done:',
    `  people  ${plural(plan.people.size, 'person', 'people')}: ${plural(plan.newPeople, 'new account')} (imported, no password), ${plural(plan.people.size - plan.newPeople, 'existing account')}${plan.takenBack > 0 ? `, of which ${plural(plan.takenBack, 'unverified account')} taken back (its password, sign-ins and sessions ended)` : ''}`,
    `  tasks   ${tasks.imported.toLocaleString('en-US')} imported, ${tasks.skipped.toLocaleString('en-US')} skipped (imported before), ${tasks.rejected.toLocaleString('en-US')} rejected`,
    `  bids    ${bids.imported.toLocaleString('en-US')} imported, ${bids.skipped.toLocaleString('en-US')} skipped (imported before), ${bids.rejected.toLocaleString('en-US')} rejected`,
  ];
  const byReason = new Map<string, number>();
  for (const r of rejects)
    byReason.set(`${r.kind}s: ${r.reason}`, (byReason.get(`${r.kind}s: ${r.reason}`) ?? 0) + 1);
  if (byReason.size > 0) {
    lines.push('Rejected, by reason:');
    for (const [reason, n] of [...byReason].sort())
      lines.push(`  ${reason}: ${n.toLocaleString('en-US')}`);
    lines.push(`Each rejected record with its reason: ${options.rejectsFile}`);
  }
  if (plan.notes.size > 0) {
    lines.push('Imported with a value changed:');
    for (const [note, n] of [...plan.notes].sort())
      lines.push(`  ${note}: ${n.toLocaleString('en-US')}`);
  }
  if (batchId) lines.push(`Batch ${batchId} (undo: npm run import -- --undo ${batchId})`);
  return `${lines.join('\n')}\n`;
}

export async function runImport(db: Db, options: ImportOptions): Promise<ImportResult> {
  if (!options.tasksFile && !options.bidsFile)
    throw new ImportStop('Name the files to import: --tasks tasks.json and/or --bids bids.json');
  const repo = createImportRepository(db);
  const [taskDocs, bidDocs] = await Promise.all([
    options.tasksFile ? readDocuments(options.tasksFile, options.maxFileBytes) : [],
    options.bidsFile ? readDocuments(options.bidsFile, options.maxFileBytes) : [],
  ]);
  const plan = await planImport(
    {
      tasksFile: options.tasksFile,
      tasks: taskDocs,
      bidsFile: options.bidsFile,
      bids: bidDocs,
      ignoreUnknownFields: options.ignoreUnknownFields,
    },
    repo.lookups,
  );
  const files = { task: options.tasksFile ?? '', bid: options.bidsFile ?? '' };
  const taskFailure = failureOf('task', files);
  const bidFailure = failureOf('bid', files);
  await writeFile(options.rejectsFile, plan.rejects.map((r) => `${rejectLine(r)}\n`).join(''));
  if (options.dryRun)
    return {
      batchId: null,
      plan,
      failed: [],
      summary: summarise(plan, plan.rejects, options, null),
    };

  const progress = options.progress ?? (() => {});
  const batchId = await repo.startBatch({
    tasksFile: options.tasksFile,
    bidsFile: options.bidsFile,
  });
  const people = [...plan.people];
  progress('people', 0, people.length);
  try {
    await repo.addPeople(batchId, people);
  } catch (error) {
    // No record is written yet: the run leaves no batch behind (unless the database is gone).
    await repo.undo(batchId).catch(() => {});
    throw error;
  }
  progress('people', people.length, people.length);

  const failed: Reject[] = [];
  const chunk = options.chunk ?? 1000;
  const total = plan.counts.tasks.imported + plan.counts.bids.imported;
  let done = 0;
  progress('records', 0, total);
  const jobs: (() => Promise<void>)[] = [];
  for (let i = 0; i < plan.tasks.length; i += chunk) {
    const rows = plan.tasks.slice(i, i + chunk);
    jobs.push(async () => {
      await writeWhole(rows, (some) => repo.addTasks(batchId, some), taskFailure, failed);
      done += rows.reduce((n, t) => n + 1 + t.bids.length, 0);
      progress('records', done, total);
    });
  }
  for (let i = 0; i < plan.laterBids.length; i += chunk * 3) {
    const rows = plan.laterBids.slice(i, i + chunk * 3);
    jobs.push(async () => {
      await writeWhole(rows, (some) => repo.addLaterBids(batchId, some), bidFailure, failed);
      done += rows.length;
      progress('records', done, total);
    });
  }
  await inParallel(jobs, options.parallel ?? 1);
  if (failed.length > 0) {
    for (const f of failed) {
      const counts = plan.counts[f.kind === 'task' ? 'tasks' : 'bids'];
      counts.imported--;
      counts.rejected++;
    }
    await writeFile(
      options.rejectsFile,
      [...plan.rejects, ...failed].map((r) => `${rejectLine(r)}\n`).join(''),
    );
  }
  const rejects = [...plan.rejects, ...failed];
  await repo.finishBatch(batchId, {
    counts: plan.counts,
    people: { all: plan.people.size, created: plan.newPeople, takenBack: plan.takenBack },
    rejected: Object.fromEntries(
      [...new Set(rejects.map((r) => `${r.kind}s: ${r.reason}`))].map((k) => [
        k,
        rejects.filter((r) => `${r.kind}s: ${r.reason}` === k).length,
      ]),
    ),
  });
  return { batchId, plan, failed, summary: summarise(plan, rejects, options, batchId) };
}

/** Runs the jobs, `width` at a time. */
async function inParallel(jobs: (() => Promise<void>)[], width: number) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker));
}

/**
 * Writes a chunk in one transaction; if the database refuses it, writes each record (a task
 * with its bids) in a transaction of its own, so only the refused ones stay out.
 */
async function writeWhole<T>(
  rows: T[],
  write: (rows: T[]) => Promise<void>,
  failure: (row: T, error: unknown) => Reject[],
  failed: Reject[],
) {
  try {
    await write(rows);
  } catch {
    for (const row of rows) {
      try {
        await write([row]);
      } catch (error) {
        failed.push(...failure(row, error));
      }
    }
  }
}

const refused = (error: unknown) =>
  `the database refused it: ${((error as { cause?: Error }).cause ?? (error as Error)).message.slice(0, 200)}`;

/** The rejects for a record the database refused (a task's bids go with it). */
type Files = Record<'task' | 'bid', string>;
function failureOf(kind: 'task', files: Files): (task: PlannedTask, error: unknown) => Reject[];
function failureOf(kind: 'bid', files: Files): (bid: PlannedBid, error: unknown) => Reject[];
function failureOf(kind: 'task' | 'bid', files: Files) {
  return (row: PlannedTask | PlannedBid, error: unknown): Reject[] => {
    const detail = refused(error);
    const own: Reject = {
      kind,
      file: files[kind],
      line: row.line,
      oldId: row.draft.oldId,
      reason: 'database refused',
      detail,
      text: '',
    };
    if (!('bids' in row)) return [own];
    return [
      own,
      ...row.bids.map((b): Reject => ({
        ...own,
        kind: 'bid',
        file: files.bid,
        line: b.line,
        oldId: b.draft.oldId,
        detail: `its task was refused: ${detail}`,
      })),
    ];
  };
}
