import { readFile, stat } from 'node:fs/promises';
import { unstorableText } from '../../src/server/platform/http/text-input.ts';
import { ExtendedJsonError, fromExtendedJson, type Plain } from './extended-json.ts';

/** A problem that stops the run before anything is written. */
export class ImportStop extends Error {}

/** One document of an export file: where it starts, and its value or why it is unreadable. */
export type ReadDocument =
  | { line: number; text: string; value: { [key: string]: Plain } }
  | { line: number; text: string; error: string; reason?: string };

/** The largest export file read unless `--max-file-size` says otherwise (256 MB). */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;

/** Splits a JSON array's text into its elements' texts (with the line each starts on). */
function arrayElements(text: string, start: number, file: string) {
  const elements: { line: number; text: string; truncated?: true }[] = [];
  let line = 1 + countNewlines(text, 0, start);
  let depth = 0;
  let inString = false;
  let escaped = false;
  let elementStart = -1;
  let elementLine = 0;
  let closed = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92) escaped = true;
      else if (c === 34) inString = false;
      continue;
    }
    if (depth === 0) {
      if (c === 93 /* ] */ || c === 44 /* , */) {
        if (elementStart >= 0)
          elements.push({ line: elementLine, text: text.slice(elementStart, i).trim() });
        elementStart = -1;
        if (c === 93) {
          closed = true;
          if (text.slice(i + 1).trim() !== '')
            throw new ImportStop(
              `${file}: there is more after the array's closing ] (line ${line})`,
            );
          break;
        }
        continue;
      }
      if (elementStart < 0 && !isSpace(c)) {
        elementStart = i;
        elementLine = line;
      }
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  if (!closed && elementStart >= 0)
    elements.push({ line: elementLine, text: text.slice(elementStart).trim(), truncated: true });
  return elements;
}

/** A size as people read it: 540 MB, 12.5 MB, 1 KB. */
function sizeText(bytes: number) {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1)).toLocaleString('en-US')} MB`;
  return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function countNewlines(text: string, from: number, to: number) {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** What a `JSON.parse` error says, without the text it quotes. */
function parseProblem(error: unknown): string {
  return (error as Error).message.replace(/, ".*$/s, '').slice(0, 200);
}

function toDocument(line: number, text: string, truncated = false): ReadDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      line,
      text,
      error: truncated
        ? 'truncated: the file ends inside this document'
        : `not JSON (${parseProblem(error)})`,
    };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { line, text, error: 'not a document (a JSON object)' };
  // PostgreSQL cannot store a NUL, and a lone surrogate is not text: the record goes, not the run.
  const unstorable = unstorableText(parsed, '');
  if (unstorable !== undefined) {
    // '' is the document itself (one of its field names), '.location…' a field's value.
    const field = unstorable === '' ? 'a field name' : unstorable.split('.')[1]!.slice(0, 40);
    return {
      line,
      text,
      reason: 'invalid character',
      error: `${field} holds a NUL character or a lone surrogate`,
    };
  }
  try {
    return { line, text, value: fromExtendedJson(parsed) as { [key: string]: Plain } };
  } catch (error) {
    if (error instanceof ExtendedJsonError)
      return { line, text, error: error.message, reason: error.reason };
    throw error;
  }
}

/**
 * Reads what `mongoexport` wrote: a JSON array (`--jsonArray`) or one document a line.
 * Unreadable documents come back with their reason; a file that cannot be an export at all
 * (missing, nothing in it is JSON, `--pretty` output) stops the run.
 */
export async function readDocuments(
  path: string,
  maxBytes = DEFAULT_MAX_FILE_BYTES,
): Promise<ReadDocument[]> {
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > maxBytes)
      throw new ImportStop(
        `${path}: ${sizeText(size)} is over the import's limit of ${sizeText(maxBytes)} a file. Split the export into smaller files (mongoexport --skip and --limit) and import them one after another, tasks before bids; or raise the limit with --max-file-size MB (the import holds the whole file and its records in memory).`,
      );
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof ImportStop) throw error;
    throw new ImportStop(
      `${path}: cannot read the file (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = text.search(/\S/);
  if (first < 0) return [];
  let documents: ReadDocument[];
  if (text[first] === '[') {
    documents = arrayElements(text, first, path).map((e) =>
      toDocument(e.line, e.text, e.truncated),
    );
  } else {
    documents = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      if (line === '{')
        throw new ImportStop(
          `${path}: line ${i + 1} opens a document over several lines (mongoexport --pretty). Export with one document a line, or with --jsonArray.`,
        );
      documents.push(toDocument(i + 1, line, i === lines.length - 1 && !text.endsWith('\n')));
    }
  }
  if (documents.length > 0 && documents.every((d) => 'error' in d))
    throw new ImportStop(
      `${path}: no document in it could be read (line ${documents[0]!.line}: ${(documents[0] as { error: string }).error}). Is it a mongoexport file?`,
    );
  return documents;
}
