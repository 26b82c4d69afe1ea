/**
 * What an import will do, decided before anything is written: which records are imported,
 * skipped (imported before) or rejected (with the reason), who the people are, and how the
 * lifecycle reads each task. A dry run prints this plan; a real run carries it out.
 */
import { randomUUID } from 'node:crypto';
import type { TaskStatus } from '../../src/shared/constants.ts';
import { type BidState, isBiddingOpen } from '../../src/shared/lifecycle.ts';
import { mapBid, mapTask, type BidDraft, type Mapped, type TaskDraft } from './mapping.ts';
import type { ReadDocument } from './read-documents.ts';

export type RecordKind = 'task' | 'bid';

export interface Reject {
  kind: RecordKind;
  file: string;
  line: number;
  oldId: string | null;
  reason: string;
  detail: string;
  text: string;
}

export interface PlannedBid {
  id: string;
  /** Where the record is in its file. */
  line: number;
  draft: BidDraft;
  state: BidState;
}

export interface PlannedTask {
  id: string;
  /** Where the record is in its file. */
  line: number;
  draft: TaskDraft;
  status: TaskStatus;
  /** Whom the task is assigned to: the bidder of its accepted bid. */
  assignee: { email: string; bidId: string } | null;
  /** A finished task whose assignee left no bid keeps the first version's name for them. */
  assignedName: string | null;
  bids: PlannedBid[];
}

/** A task imported by an earlier run, as the bids of this run need it. */
export interface KnownTask {
  taskId: string | null;
  ownerEmail: string | null;
  status: TaskStatus | null;
  assignedTo: string | null;
}

export interface Lookups {
  knownTasks(oldIds: string[]): Promise<Map<string, KnownTask>>;
  knownBids(oldIds: string[]): Promise<Set<string>>;
  /** The accounts there are for these addresses: address → whether it is verified. */
  existingAccounts(emails: string[]): Promise<Map<string, boolean>>;
}

export interface Counts {
  imported: number;
  skipped: number;
  rejected: number;
}

export interface Plan {
  tasks: PlannedTask[];
  /** Bids on tasks an earlier run imported. */
  laterBids: (PlannedBid & { taskId: string })[];
  /** Every person of an imported record, with the first name given for them. */
  people: Map<string, string | undefined>;
  newPeople: number;
  /**
   * People whose address has an account nobody proved it for: it is taken back (every way in
   * ended but through the address) before their work joins it.
   */
  takenBack: number;
  counts: { tasks: Counts; bids: Counts };
  rejects: Reject[];
  /** Values changed on the way in, by what happened: how many records. */
  notes: Map<string, number>;
}

export interface PlanInput {
  tasksFile: string | null;
  tasks: ReadDocument[];
  bidsFile: string | null;
  bids: ReadDocument[];
  ignoreUnknownFields: boolean;
}

interface Accepted<T> {
  doc: ReadDocument;
  draft: T;
  notes: string[];
}

/** Reads each document, rejecting the unreadable, the unmappable and repeated ids. */
function mapAll<T extends { oldId: string }>(
  kind: RecordKind,
  file: string,
  documents: ReadDocument[],
  map: (doc: Extract<ReadDocument, { value: unknown }>['value']) => Mapped<T>,
  rejects: Reject[],
): Map<string, Accepted<T>> {
  const accepted = new Map<string, Accepted<T>>();
  const seen = new Map<string, number>();
  for (const doc of documents) {
    const reject = (reason: string, detail: string, oldId: string | null = null) =>
      rejects.push({ kind, file, line: doc.line, oldId, reason, detail, text: doc.text });
    if ('error' in doc) {
      reject(
        doc.reason ?? (doc.error.startsWith('truncated') ? 'truncated' : 'unreadable'),
        doc.error,
      );
      continue;
    }
    const mapped = map(doc.value);
    if (!mapped.ok) {
      reject(mapped.reason, mapped.detail, oldIdOf(doc.value._id));
      continue;
    }
    const first = seen.get(mapped.draft.oldId);
    if (first !== undefined) {
      reject('duplicate _id', `_id also on line ${first}`, mapped.draft.oldId);
      continue;
    }
    seen.set(mapped.draft.oldId, doc.line);
    accepted.set(mapped.draft.oldId, { doc, draft: mapped.draft, notes: mapped.notes });
  }
  return accepted;
}

function oldIdOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'hex' in value) return String(value.hex);
  return typeof value === 'string' ? value.slice(0, 40) : null;
}

/** Whether a bid is by the person the first version named as the task's assignee. */
const isBy = (bid: BidDraft, assignedTo: string) => {
  const who = assignedTo.toLowerCase();
  return bid.bidder.email === who || bid.bidder.name?.toLowerCase() === who;
};

export async function planImport(input: PlanInput, lookups: Lookups): Promise<Plan> {
  const rejects: Reject[] = [];
  const notes = new Map<string, number>();
  const note = (kind: RecordKind, text: string) =>
    notes.set(`${kind}s: ${text}`, (notes.get(`${kind}s: ${text}`) ?? 0) + 1);
  const ignore = input.ignoreUnknownFields;
  const tasksFile = input.tasksFile ?? '';
  const bidsFile = input.bidsFile ?? '';

  const taskDocs = mapAll('task', tasksFile, input.tasks, (d) => mapTask(d, ignore), rejects);
  const bidDocs = mapAll('bid', bidsFile, input.bids, (d) => mapBid(d, ignore), rejects);
  const rejectedTasks = new Map(
    rejects.filter((r) => r.kind === 'task' && r.oldId).map((r) => [r.oldId!, r.reason]),
  );

  const known = await lookups.knownTasks([
    ...new Set([...taskDocs.keys(), ...[...bidDocs.values()].map((b) => b.draft.taskOldId)]),
  ]);
  const knownBids = await lookups.knownBids([...bidDocs.keys()]);
  const counts = {
    tasks: { imported: 0, skipped: 0, rejected: 0 },
    bids: { imported: 0, skipped: 0, rejected: 0 },
  };

  const planned = new Map<string, PlannedTask>();
  for (const [oldId, { doc, draft, notes: taskNotes }] of taskDocs) {
    if (known.has(oldId)) {
      counts.tasks.skipped++;
      continue;
    }
    for (const n of taskNotes) note('task', n);
    planned.set(oldId, {
      id: randomUUID(),
      line: doc.line,
      draft,
      status: draft.status,
      assignee: null,
      assignedName: null,
      bids: [],
    });
  }

  const laterBids: Plan['laterBids'] = [];
  for (const [oldId, { doc, draft, notes: bidNotes }] of bidDocs) {
    const reject = (reason: string, detail: string) =>
      rejects.push({
        kind: 'bid',
        file: bidsFile,
        line: doc.line,
        oldId,
        reason,
        detail,
        text: doc.text,
      });
    if (knownBids.has(oldId)) {
      counts.bids.skipped++;
      continue;
    }
    const task = planned.get(draft.taskOldId);
    const earlier = known.get(draft.taskOldId);
    const ownerEmail = task?.draft.owner.email ?? earlier?.ownerEmail;
    if (!task && !earlier?.taskId) {
      const whyNot = rejectedTasks.get(draft.taskOldId);
      if (whyNot) reject('task rejected', `task ${draft.taskOldId} was rejected: ${whyNot}`);
      else if (earlier)
        reject('unknown task', `task ${draft.taskOldId} was imported, then deleted`);
      else reject('unknown task', `no task ${draft.taskOldId}`);
      continue;
    }
    if (ownerEmail === draft.bidder.email) {
      reject('bid on own task', `${draft.bidder.email} owns task ${draft.taskOldId}`);
      continue;
    }
    for (const n of bidNotes) note('bid', n);
    const bid: PlannedBid = { id: randomUUID(), line: doc.line, draft, state: 'pending' };
    if (task) task.bids.push(bid);
    else {
      const open = isBiddingOpen({ status: earlier!.status!, assignedTo: earlier!.assignedTo });
      laterBids.push({ ...bid, state: open ? 'pending' : 'declined', taskId: earlier!.taskId! });
    }
  }

  for (const task of planned.values()) {
    settleLifecycle(task, (text) => note('task', text));
    oneOfferEach(task, (text) => note('bid', text));
  }

  counts.tasks.imported = planned.size;
  counts.bids.imported =
    [...planned.values()].reduce((n, t) => n + t.bids.length, 0) + laterBids.length;
  counts.tasks.rejected = rejects.filter((r) => r.kind === 'task').length;
  counts.bids.rejected = rejects.filter((r) => r.kind === 'bid').length;

  const people = new Map<string, string | undefined>();
  const meet = (p: { email: string; name: string | undefined }) => {
    if (!people.has(p.email) || (people.get(p.email) === undefined && p.name))
      people.set(p.email, p.name);
  };
  for (const task of planned.values()) {
    meet(task.draft.owner);
    for (const bid of task.bids) meet(bid.draft.bidder);
  }
  for (const bid of laterBids) meet(bid.draft.bidder);
  const existing = await lookups.existingAccounts([...people.keys()]);

  rejects.sort((a, b) => (a.kind === b.kind ? a.line - b.line : a.kind === 'task' ? -1 : 1));
  return {
    tasks: [...planned.values()],
    laterBids,
    people,
    newPeople: people.size - existing.size,
    takenBack: [...existing.values()].filter((verified) => !verified).length,
    counts,
    rejects,
    notes,
  };
}

/**
 * One offer per person per task: of a person's pending bids on the task, the newest is their
 * offer; the earlier ones are kept as withdrawn (what the person replaced), so the database's
 * one-live-offer rule holds and nothing they said is lost.
 */
function oneOfferEach(task: PlannedTask, note: (text: string) => void) {
  const newest = new Map<string, PlannedBid>();
  for (const bid of task.bids) {
    if (bid.state !== 'pending') continue;
    const key = bid.draft.bidder.email;
    const kept = newest.get(key);
    if (!kept || bid.draft.createdAt > kept.draft.createdAt) newest.set(key, bid);
  }
  for (const bid of task.bids) {
    if (bid.state !== 'pending' || newest.get(bid.draft.bidder.email) === bid) continue;
    bid.state = 'withdrawn';
    note(`an earlier bid by ${bid.draft.bidder.email} on one task: imported withdrawn`);
  }
}

/**
 * The lifecycle's reading of an imported task: assigned means a bid was accepted. The
 * assignee's latest bid becomes the accepted one (the others declined) and the task is In
 * Progress, or Completed if it was. In Progress without such a bid reopens as Not Started; a
 * Completed one keeps the name it was assigned to as a record. Bids on a closed task are
 * declined.
 */
function settleLifecycle(task: PlannedTask, note: (text: string) => void) {
  const { assignedTo, status } = task.draft;
  const accepted = assignedTo
    ? task.bids
        .filter((b) => isBy(b.draft, assignedTo))
        .sort((a, b) => b.draft.createdAt.getTime() - a.draft.createdAt.getTime())[0]
    : undefined;
  if (accepted) {
    task.assignee = { email: accepted.draft.bidder.email, bidId: accepted.id };
    if (status !== 'Completed' && status !== 'In Progress')
      note(`assigned but ${status}: set In Progress`);
    task.status = status === 'Completed' ? 'Completed' : 'In Progress';
    for (const bid of task.bids) bid.state = bid === accepted ? 'accepted' : 'declined';
    return;
  }
  if (status === 'In Progress') {
    task.status = 'Not Started';
    note('In Progress without a bid by its assignee: imported Not Started');
  } else if (assignedTo && status !== 'Completed') {
    note('assignedTo matches no bid on the task: dropped');
  }
  if (status === 'Completed') {
    // A name is shown to everyone; an e-mail address is not.
    task.assignedName = assignedTo && !assignedTo.includes('@') ? assignedTo : null;
    for (const bid of task.bids) bid.state = 'declined';
  }
}
