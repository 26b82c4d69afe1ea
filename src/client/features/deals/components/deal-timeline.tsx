import { dealStepWords } from '../../../../shared/payments/step-words.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Deal } from '../api/deals-api.ts';

/** A deal's steps, oldest first: what happened, when, and the reason given. */
export function DealTimeline({ timeline }: { timeline: Deal['timeline'] }) {
  return (
    <ol className="flex flex-col gap-2 border-l border-base-300 pl-4 text-sm">
      {timeline.map((event) => (
        <li key={`${event.at}-${event.action}`}>
          <p className="font-medium">{dealStepWords(event.action)}</p>
          <p className="text-base-content/70">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </p>
          {event.reason ? (
            <p className="break-words whitespace-pre-line" dir="auto">
              {event.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
