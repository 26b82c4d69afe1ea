import type { Question, QuestionPage } from '../../../../shared/questions/schema.ts';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client.ts';
import type { IntentInput } from '../../../lib/action-result.ts';

/** The questions a task page shows: the pages loaded so far, joined. */
export interface LoadedQuestions {
  items: Question[];
  total: number;
  canAsk: boolean;
  /** Whether another page follows the ones loaded. */
  more: boolean;
}

const questionsPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/questions`;

/**
 * The first `pages` pages of the task's questions, newest first, each after the previous
 * page's cursor: what the page showed before "Load more" (or a live update) reloads it.
 */
export async function fetchQuestions(
  taskId: string,
  pages: number,
  signal?: AbortSignal,
): Promise<LoadedQuestions> {
  let page = await apiRequest<QuestionPage>(questionsPath(taskId), { signal });
  const items = [...page.items];
  for (let loaded = 1; loaded < pages && page.nextCursor; loaded++) {
    page = await apiRequest<QuestionPage>(questionsPath(taskId), {
      query: { cursor: page.nextCursor },
      signal,
    });
    items.push(...page.items);
  }
  return { items, total: page.total, canAsk: page.canAsk, more: page.nextCursor !== null };
}

/** The API path of the question a form posted (its `questionId` field), and what follows. */
const questionPath = ({ text }: IntentInput, rest = '') =>
  `/questions/${encodeURIComponent(text('questionId'))}${rest}`;

/** Sends one question form's request; the page reloads its questions once it is done. */
async function send<I extends string>(outcome: I, path: string, options: ApiRequestOptions) {
  await apiRequest(path, options);
  return { outcome };
}

/**
 * The questions section's forms by their `intent`: asking on the task of the page, then
 * answering, changing the answer, hiding, showing and deleting the question they name. The
 * task page spreads them into its `intentAction`.
 */
export const questionIntents = {
  /** The answer may carry a warning about contact or payment details, shown beside the form. */
  ask: async ({ text, args }: IntentInput) => {
    const asked = await apiRequest<Question>(questionsPath(args.params.id ?? ''), {
      method: 'POST',
      body: { text: text('text') },
    });
    return { outcome: 'ask' as const, warning: asked.warning };
  },
  answer: (input: IntentInput) =>
    send('answer', questionPath(input, '/answer'), {
      method: 'POST',
      body: { answer: input.text('answer') },
    }),
  'edit-answer': (input: IntentInput) =>
    send('edit-answer', questionPath(input, '/answer'), {
      method: 'PUT',
      body: { answer: input.text('answer') },
    }),
  hide: (input: IntentInput) =>
    send('hide', questionPath(input, '/hidden'), { method: 'PUT', body: { hidden: true } }),
  show: (input: IntentInput) =>
    send('show', questionPath(input, '/hidden'), { method: 'PUT', body: { hidden: false } }),
  'delete-question': (input: IntentInput) =>
    send('delete-question', questionPath(input), { method: 'DELETE' }),
};
