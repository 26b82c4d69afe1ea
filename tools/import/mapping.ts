/**
 * One document of the first version's export → one TaskBid task or bid, or the reason it
 * cannot be one. Values kept "where valid" (image, location, hours, priority, assignee,
 * created time) are dropped or defaulted with a note instead of losing the record.
 */
import type { Category, Priority, TaskStatus } from '../../src/shared/constants.ts';
import { ACCOUNT_LIMITS, BID_LIMITS, TASK_LIMITS } from '../../src/shared/limits.ts';
import type { Plain } from './extended-json.ts';
import {
  categoryOf,
  dayOf,
  emailOf,
  instantOf,
  moneyOf,
  numberOf,
  objectIdOf,
  priorityOf,
  Rejection,
  requiredText,
  statusOf,
  textOf,
} from './values.ts';

type Doc = { [key: string]: Plain };

export interface Person {
  email: string;
  /** The name the record gives, if any. */
  name: string | undefined;
}

export interface TaskDraft {
  oldId: string;
  owner: Person;
  title: string;
  description: string;
  imageUrl: string | null;
  priority: Priority;
  category: Category;
  deadline: string;
  estimatedTime: number | null;
  budget: number | null;
  status: TaskStatus;
  location: string | null;
  /** The first version's assignee (a name or an e-mail), matched against the task's bids. */
  assignedTo: string | null;
  createdAt: Date;
}

export interface BidDraft {
  oldId: string;
  taskOldId: string;
  bidder: Person;
  amount: number;
  deadline: string;
  message: string | null;
  createdAt: Date;
}

export type Mapped<T> =
  { ok: true; draft: T; notes: string[] } | { ok: false; reason: string; detail: string };

export const TASK_FIELDS = [
  '_id',
  'title',
  'name',
  'description',
  'imageUrl',
  'priority',
  'category',
  'deadline',
  'estimatedTime',
  'budget',
  'price',
  'status',
  'userEmail',
  'userName',
  'email',
  'location',
  'createdAt',
  'assignedTo',
  '__v',
] as const;

export const BID_FIELDS = [
  '_id',
  'taskId',
  'userEmail',
  'userName',
  'amount',
  'deadline',
  'timestamp',
  'message',
  '__v',
] as const;

function checkFields(doc: Doc, known: readonly string[], ignoreUnknown: boolean) {
  if (ignoreUnknown) return;
  const unknown = Object.keys(doc).filter((k) => !known.includes(k));
  if (unknown.length > 0)
    throw new Rejection(
      'unknown field',
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown
        .slice(0, 5)
        .map((k) => `"${k.slice(0, 40)}"`)
        .join(', ')} (--ignore-unknown-fields imports the record without them)`,
    );
}

function personName(value: Plain | undefined): string | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text ? text.slice(0, ACCOUNT_LIMITS.name.maxLength) : undefined;
}

/** When the record was made: its own field, else its ObjectId's time. */
function createdAtOf(field: string, value: Plain | undefined, idTime: Date, notes: string[]): Date {
  if (value === undefined || value === null) return idTime;
  try {
    return instantOf(field, value);
  } catch {
    notes.push(`${field} unreadable: ObjectId time used`);
    return idTime;
  }
}

function attempt<T>(map: (notes: string[]) => T): Mapped<T> {
  const notes: string[] = [];
  try {
    return { ok: true, draft: map(notes), notes };
  } catch (error) {
    if (error instanceof Rejection)
      return { ok: false, reason: error.reason, detail: error.message };
    throw error;
  }
}

export function mapTask(doc: Doc, ignoreUnknown = false): Mapped<TaskDraft> {
  return attempt((notes) => {
    checkFields(doc, TASK_FIELDS, ignoreUnknown);
    const id = objectIdOf('_id', doc._id);
    // The detail page read `name` where the forms wrote `title`; with both, `name` is the
    // owner's name that an edit sent beside `email`.
    const hasTitle = textOf('title', doc.title) !== undefined;
    const title = requiredText(
      'title',
      hasTitle ? doc.title : doc.name,
      TASK_LIMITS.title.maxLength,
    );
    const owner: Person = {
      email: emailOf('userEmail', doc.userEmail ?? doc.email),
      name: personName(doc.userName) ?? (hasTitle ? personName(doc.name) : undefined),
    };
    const description = requiredText(
      'description',
      doc.description,
      TASK_LIMITS.description.maxLength,
    );
    const category = categoryOf(doc.category);
    const { status, urgent } = statusOf(doc.status);
    if (doc.deadline === undefined || doc.deadline === null)
      throw new Rejection('missing deadline');
    const deadline = dayOf('deadline', doc.deadline, TASK_LIMITS.deadline);
    const money = doc.budget ?? doc.price;
    const budget =
      money === undefined || money === null || money === ''
        ? null
        : moneyOf('budget', money, TASK_LIMITS.budget);

    let priority = priorityOf(doc.priority);
    if (!priority) {
      priority = urgent ? 'Urgent' : 'Medium';
      if (doc.priority !== undefined && doc.priority !== null)
        notes.push(`priority unknown: set ${priority}`);
    }
    const imageUrl = keep(notes, 'imageUrl', doc.imageUrl, (v) => {
      const url = textOf('imageUrl', v);
      if (url === undefined) return null;
      if (
        !/^https:\/\/\S+$/i.test(url) ||
        url.length > TASK_LIMITS.imageUrl.maxLength ||
        !URL.canParse(url)
      )
        throw new Rejection('not https');
      return url;
    });
    const estimatedTime = keep(notes, 'estimatedTime', doc.estimatedTime, (v) => {
      const hours = numberOf('estimatedTime', v);
      const { min, max } = TASK_LIMITS.estimatedTime;
      if (hours < min || hours > max) throw new Rejection('out of range');
      return Math.round(hours * 2) / 2;
    });
    const location = keep(notes, 'location', doc.location, (v) => {
      const text = textOf('location', v);
      if (text && text.length > TASK_LIMITS.location.maxLength) throw new Rejection('too long');
      return text ?? null;
    });
    const assignedTo = keep(notes, 'assignedTo', doc.assignedTo, (v) => {
      const text = textOf('assignedTo', v);
      if (text && text.length > ACCOUNT_LIMITS.email.maxLength) throw new Rejection('too long');
      return text ?? null;
    });
    return {
      oldId: id.hex,
      owner,
      title,
      description,
      imageUrl,
      priority,
      category,
      deadline,
      estimatedTime,
      budget,
      status,
      location,
      assignedTo,
      createdAt: createdAtOf('createdAt', doc.createdAt, id.timestamp, notes),
    };
  });
}

/** A value kept where valid: absent or invalid gives null, invalid with a note. */
function keep<T>(
  notes: string[],
  field: string,
  value: Plain | undefined,
  read: (value: Plain) => T | null,
): T | null {
  if (value === undefined || value === null) return null;
  try {
    return read(value);
  } catch {
    notes.push(`${field} invalid: dropped`);
    return null;
  }
}

export function mapBid(doc: Doc, ignoreUnknown = false): Mapped<BidDraft> {
  return attempt((notes) => {
    checkFields(doc, BID_FIELDS, ignoreUnknown);
    const id = objectIdOf('_id', doc._id);
    const taskId = objectIdOf('taskId', doc.taskId);
    const bidder: Person = {
      email: emailOf('userEmail', doc.userEmail),
      name: personName(doc.userName),
    };
    if (doc.amount === undefined || doc.amount === null) throw new Rejection('missing amount');
    const amount = moneyOf('amount', doc.amount, BID_LIMITS.amount);
    if (doc.deadline === undefined || doc.deadline === null)
      throw new Rejection('missing deadline');
    const deadline = dayOf('deadline', doc.deadline, BID_LIMITS.deadline);
    const message =
      doc.message === undefined || doc.message === null
        ? null
        : (textOf('message', doc.message) ?? null);
    if (message && message.length > BID_LIMITS.message.maxLength)
      throw new Rejection(
        'message too long',
        `message: ${message.length.toLocaleString('en-US')} characters, at most ${BID_LIMITS.message.maxLength}`,
      );
    return {
      oldId: id.hex,
      taskOldId: taskId.hex,
      bidder,
      amount,
      deadline,
      message,
      createdAt: createdAtOf('timestamp', doc.timestamp, id.timestamp, notes),
    };
  });
}
