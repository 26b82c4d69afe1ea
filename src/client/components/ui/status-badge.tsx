/**
 * A task's status as a coloured badge. Two palettes, as docs/product.md gives them:
 * `owner` (my tasks): Completed green, In Progress blue, anything else amber;
 * `browse` (cards): Completed green, Urgent red, anything else neutral.
 */
interface StatusBadgeProps {
  status: string;
  palette: 'owner' | 'browse';
  className?: string;
}

function toneFor(status: string, palette: StatusBadgeProps['palette']): string {
  if (status === 'Completed') return 'badge-success';
  if (palette === 'owner') return status === 'In Progress' ? 'badge-info' : 'badge-warning';
  return status === 'Urgent' ? 'badge-error' : 'badge-neutral';
}

export function StatusBadge({ status, palette, className = '' }: StatusBadgeProps) {
  return (
    <span
      className={`badge badge-sm whitespace-nowrap font-medium ${toneFor(status, palette)} ${className}`}
    >
      {status}
    </span>
  );
}
