import type { Question, QuestionPage } from '../../../../shared/questions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { formText } from '../../../lib/action-result.ts';

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

/** The forms of the questions section, by their `intent`. */
export const QUESTION_INTENTS = ['ask', 'answer', 'edit-answer', 'hide', 'show', 'delete-question'];

/** Runs one question form's intent posted to the task page's action. */
export async function submitQuestionForm(taskId: string, intent: string, form: FormData) {
  const field = formText(form);
  const question = (path = '') => `/questions/${encodeURIComponent(field('questionId'))}${path}`;
  switch (intent) {
    case 'ask':
      await apiRequest(questionsPath(taskId), { method: 'POST', body: { text: field('text') } });
      break;
    case 'answer':
    case 'edit-answer':
      await apiRequest(question('/answer'), {
        method: intent === 'answer' ? 'POST' : 'PUT',
        body: { answer: field('answer') },
      });
      break;
    case 'hide':
    case 'show':
      await apiRequest(question('/hidden'), {
        method: 'PUT',
        body: { hidden: intent === 'hide' },
      });
      break;
    default:
      await apiRequest(question(), { method: 'DELETE' });
  }
  return { outcome: intent };
}
