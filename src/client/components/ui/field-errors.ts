import { createContext, useMemo } from 'react';
import type { ErrorIssue } from '../../../shared/errors.ts';

/** The server's message for each field that failed its check, by the field's `name`. */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * What a form's fields read their error from; a form provides it around its fields. Each new
 * object is a new set of errors (it moves the focus), so keep the same one across renders.
 */
export const FieldErrorsContext = createContext<FieldErrors>({});

/**
 * A 400's `issues` as one message per field. The path's first segment after `body` names the
 * field (`body.title` → `title`); `names` renames the API's field to the form's
 * (`{ image: 'photoURL' }`). The first issue of a field wins; issues about no field are left to
 * the form's general message.
 */
export function fieldErrors(
  issues: readonly ErrorIssue[] | undefined,
  names: Readonly<Record<string, string>> = {},
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const path = issue.path.split('.');
    if (path[0] === 'body') path.shift();
    const key = path[0];
    if (!key) continue;
    const field = names[key] ?? key;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** `fieldErrors` of an action's issues, the same object for as long as the issues are. */
export function useFieldErrors(issues: readonly ErrorIssue[] | undefined): FieldErrors {
  return useMemo(() => fieldErrors(issues), [issues]);
}

/**
 * Whether a refusal is about the form's fields alone: it has issues, and each one names a
 * field in `fields` (after `names`). The fields then say everything, beside themselves; a
 * refusal about anything else is the form's general message (a dialog or an alert).
 */
export function onlyFieldIssues(
  issues: readonly ErrorIssue[] | undefined,
  fields: readonly string[],
  names: Readonly<Record<string, string>> = {},
): boolean {
  if (!issues || issues.length === 0) return false;
  const named = Object.keys(fieldErrors(issues, names));
  const general = issues.some(
    (issue) => issue.path.split('.').filter((p) => p !== 'body').length === 0,
  );
  return !general && named.every((field) => fields.includes(field));
}
