import { dealStepWords, formatCents } from '../../../../shared/payments/words.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Deal } from '../api/deals-api.ts';

/** The price a step names (making the deal, and each price change), as people read it. */
const priceOf = (detail: Record<string, unknown>) =>
  typeof detail.price === 'number' ? ` · ${formatCents(detail.price)}` : '';

/** A deal's steps, oldest first: what happened (and at what price), when, and the reason given. */
export function DealTimeline({ timeline }: { timeline: Deal['timeline'] }) {
  return (
    <ol className="flex flex-col gap-2 border-l border-base-300 pl-4 text-sm">
      {timeline.map((event) => (
        <li key={`${event.at}-${event.action}`}>
          <p className="font-medium">
            {dealStepWords(event.action)}
            {priceOf(event.detail)}
          </p>
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
