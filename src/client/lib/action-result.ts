/**
 * What a route action answers, for a `<Form>` (read with `useActionData`) or a `useFetcher`
 * form (read from `fetcher.data`): the screen's own success object, or `{ error }` carrying
 * the server's `ErrorBody` (message, code, field issues) so the form can show it.
 */
import { data, type ActionFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ErrorBody } from '../../shared/errors.ts';
import { ApiError } from './api-client.ts';

export interface ActionFailure {
  error: ErrorBody;
}

export function isFailure(result: unknown): result is ActionFailure {
  return typeof result === 'object' && result !== null && 'error' in result;
}

/** A thrown `ApiError` as the form reads it: the server's message, code and issues. */
function asErrorBody(error: ApiError): ErrorBody {
  return { message: error.message, code: error.code, issues: error.issues };
}

/**
 * Runs the action's work: its own result, or a thrown `ApiError` as `{ error }` (the server's
 * message, code and issues; a network failure has code `NETWORK_ERROR`), or as `describe`
 * words it. Anything else is a bug and goes on to the route's error boundary.
 */
export async function attempt<T extends object>(
  work: () => Promise<T>,
  describe: (error: ApiError) => ErrorBody = asErrorBody,
): Promise<T | ActionFailure> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: describe(error) };
  }
}

/** A posted form's text field ('' when it is missing or a file). */
export function formText(form: FormData) {
  return (name: string): string => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
}

/** A form asked for something the screen does not do: a 400 for the route's error boundary. */
export function unknownIntent(intent: string): never {
  throw data(`Unknown intent "${intent}".`, { status: 400 });
}

/** What one intent's handler is given: the posted form, its text fields, the action's args. */
export interface IntentInput {
  intent: string;
  form: FormData;
  text: (name: string) => string;
  args: ActionFunctionArgs;
}

type IntentHandler = (input: IntentInput) => Promise<object>;

/** Whatever any of the handlers answers, so `useActionData<typeof action>` knows each shape. */
type IntentResult<H extends Record<string, IntentHandler>> = Awaited<ReturnType<H[keyof H]>>;

/**
 * The `action` of a screen whose forms each post an `intent` field (`accept`, `delete`, …):
 * the form is read once and handed to that intent's handler, run inside `attempt`. An intent
 * the screen does not name (inherited keys such as `__proto__` included) is `unknownIntent`.
 */
export function intentAction<H extends Record<string, IntentHandler>>(handlers: H) {
  return async (args: ActionFunctionArgs): Promise<IntentResult<H> | ActionFailure> => {
    const form = await args.request.formData();
    const text = formText(form);
    const intent = text('intent');
    if (!Object.hasOwn(handlers, intent)) return unknownIntent(intent);
    const handler = handlers[intent] as (input: IntentInput) => Promise<IntentResult<H>>;
    return attempt(() => handler({ intent, form, text, args }));
  };
}

/**
 * Every screen's `shouldRevalidate`: a failed action changed nothing, so the page keeps what
 * it shows (and the dialog or alert about the failure); anything else reloads as usual.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (isFailure(actionResult)) return false;
  return defaultShouldRevalidate;
}
