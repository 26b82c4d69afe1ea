import { useState } from 'react';

/**
 * The small count on a header icon (the bell, Messages). Hidden from screen readers: the
 * icon's own name says the count ("Messages, 2 unread").
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[0.65rem] font-bold"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * A count that is a hint: the last one loaded, kept when a reload fails (`fresh` null or
 * undefined), 0 until the first arrives.
 */
export function useLastCount(fresh: number | null | undefined): number {
  const [count, setCount] = useState(0);
  if (typeof fresh === 'number' && fresh !== count) setCount(fresh);
  return typeof fresh === 'number' ? fresh : count;
}

/** The icon's accessible name: "Messages", or "Messages, 2 unread". */
export function unreadLabel(name: string, count: number): string {
  return count > 0 ? `${name}, ${count} unread` : name;
}
