import { useEffect, useState } from 'react';

/** "4 days 3 hours", "12 minutes", "less than a minute" from now until `at`. */
export function timeLeft(at: string, now: number): string {
  const minutes = Math.max(0, Math.floor((Date.parse(at) - now) / 60_000));
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0)
    return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`;
  return plural(minutes, 'minute');
}

/** `what` and the time left until `at`, kept current every 30 seconds. */
export function Countdown({ at, what }: { at: string; what: (left: string) => string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-base-content/75">
      <time dateTime={at}>{what(timeLeft(at, now))}</time>
    </p>
  );
}
