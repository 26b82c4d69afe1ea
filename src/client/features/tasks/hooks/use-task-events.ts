import { useRevalidator } from 'react-router';
import { useEventStream } from '../../../lib/use-event-stream.ts';

const TASK_EVENTS = ['bid', 'task', 'question', 'resync'] as const;

/**
 * Reloads the screen's data whenever the task gets a bid, a question or an answer, or changes
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
