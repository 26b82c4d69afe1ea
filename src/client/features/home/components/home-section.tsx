import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle: string;
  action?: ReactNode;
}

export function SectionHeading({ id, title, subtitle, action }: SectionHeadingProps) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-1 text-base-content/75">{subtitle}</p>
      </div>
      {action}
    </div>
  );
}
