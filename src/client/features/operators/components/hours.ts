/** A span of hours in words: "under an hour", "5 hours", "3 days 4 hours". */
export function formatHours(hours: number): string {
  if (hours < 1) return 'under an hour';
  const whole = Math.round(hours);
  if (whole < 48) return `${whole} ${whole === 1 ? 'hour' : 'hours'}`;
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  return rest === 0 ? `${days} days` : `${days} days ${rest} ${rest === 1 ? 'hour' : 'hours'}`;
}
