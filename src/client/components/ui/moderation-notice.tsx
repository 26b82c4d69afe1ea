import { ShieldAlert } from 'lucide-react';

/**
 * What its author reads on their own content while moderation keeps it from others ("Hidden
 * while our moderators review it", "Removed by our moderators: <rule>"); nothing otherwise.
 */
export function ModerationNotice({
  notice,
  className = '',
}: {
  notice: string | undefined;
  className?: string;
}) {
  if (!notice) return null;
  return (
    <p className={`flex items-start gap-1.5 text-sm font-medium text-base-content ${className}`}>
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <span className="rounded bg-warning/20 px-1.5">{notice}</span>
    </p>
  );
}
