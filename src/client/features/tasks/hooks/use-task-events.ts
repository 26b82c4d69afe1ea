import { useRevalidator } from 'react-router';
import { useEventStream } from '../../../lib/use-event-stream.ts';

const TASK_EVENTS = ['bid', 'task', 'question', 'deal', 'resync'] as const;

/**
 * Reloads the screen's data whenever the task gets a bid, a question or an answer, its secured
 * payment moves, or it changes
 * (live, any instance).
 */
export function useTaskEvents(taskId: string | null) {
  const revalidator = useRevalidator();
  useEventStream(
    taskId === null ? null : `/tasks/${encodeURIComponent(taskId)}/events`,
    TASK_EVENTS,
    () => {
      void revalidator.revalidate();
    },
  );
}
