import { useId, type ReactNode } from 'react';

interface PanelProps {
  /** The panel's heading, which also names the section. */
  title: ReactNode;
  /** More classes for the frame, e.g. a larger padding. */
  className?: string;
  children: ReactNode;
}

/** A bordered section of a screen under its own heading, its parts stacked with a gap. */
export function Panel({ title, className = '', children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
