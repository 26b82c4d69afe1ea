import {
  CONTACT_WARNING,
  detectContact,
  type ContactHit,
} from '../../../shared/moderation/contact-detector.ts';
import type { WordHit } from '../../../shared/moderation/watched-words.ts';
import type { ReportTarget } from '../../../shared/operators/rules.ts';
import type { ErrorIssue } from '../../../shared/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { fileSystemReport } from '../reports/index.ts';
import type { ModerationRules } from '../../platform/moderation-settings.ts';

/** A flagged word's or contact details' report weighs little: it asks for a look, no more. */
export const FLAG_WEIGHT = 0.5;
export const CONTACT_WEIGHT = 0.5;

export const blockedWord = (found: string) => `This contains a word we don't allow: “${found}”.`;

/** Posted text after the checks: the values to save, and what to report once saved. */
export interface Screened<F> {
  values: F;
  /** Watched words that hold or flag the text (the strongest first). */
  words: WordHit[];
  contact: ContactHit[];
  /** What the writer is told beside the form: set when contact details were found. */
  warning?: string;
}

type Fields = Record<string, string | null | undefined>;

/**
 * Checks the text fields of a post before it is written: a `block` word refuses it (400,
 * the issue on its field, named as the request names it), a `mask` word is replaced by
 * `•••`; `hold` and `flag` words, and contact or payment details when `contact` is set
 * (text written before a task is assigned), are reported by `reportScreened` once saved.
 */
export function screenText<F extends Fields>(
  rules: ModerationRules,
  fields: F,
  options: { contact: boolean },
): Screened<F> {
  const issues: ErrorIssue[] = [];
  const words: WordHit[] = [];
  const contact: ContactHit[] = [];
  const values: Fields = { ...fields };
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const hits = rules.words.find(value);
    const blocked = hits.find((h) => h.entry.action === 'block');
    if (blocked) issues.push({ path: `body.${field}`, message: blockedWord(blocked.found) });
    words.push(...hits.filter((h) => h.entry.action === 'hold' || h.entry.action === 'flag'));
    const masked = rules.words.mask(value);
    values[field] = masked;
    if (options.contact) contact.push(...detectContact(masked));
  }
  if (issues.length) throw badRequest(issues[0]!.message, 'WATCHED_WORD', issues);
  return {
    values: values as F,
    words,
    contact,
    ...(contact.length ? { warning: CONTACT_WARNING } : {}),
  };
}

/** What was saved, as the report keeps it (the shape the reports' readers give). */
export interface SavedThing {
  targetType: ReportTarget;
  targetId: string;
  authorId: string;
  snapshot: Record<string, unknown>;
}

/**
 * Files the server's reports of a saved post, in its transaction: a `hold` word weighs the
 * hide threshold (the item is hidden pending review), a `flag` word a little, contact
 * details a little under "scams".
 */
export async function reportScreened(
  tx: Db,
  rules: ModerationRules,
  screened: Screened<Fields>,
  thing: SavedThing,
): Promise<void> {
  const [word] = screened.words;
  if (word) {
    const hold = word.entry.action === 'hold';
    await fileSystemReport(tx, {
      ...thing,
      category: word.entry.category ?? 'other',
      comment: `Watched word “${word.entry.word}” (${word.entry.action})`,
      weight: hold ? rules.settings.hideScore : FLAG_WEIGHT,
    });
  }
  if (screened.contact.length) {
    const kinds = [...new Set(screened.contact.map((c) => c.kind))];
    await fileSystemReport(tx, {
      ...thing,
      category: 'scam',
      comment: `Contact or payment details before the task was assigned (${kinds.join(', ')})`,
      weight: CONTACT_WEIGHT,
    });
  }
}
