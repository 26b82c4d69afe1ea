import type { ReactNode } from 'react';

interface FormPageCardProps {
  title: string;
  subtitle?: string;
  /** Above the card, e.g. a back link. */
  before?: ReactNode;
  children: ReactNode;
}

/** The frame of the create and update screens: a centred card with the heading. */
export function FormPageCard({ title, subtitle, before, children }: FormPageCardProps) {
  return (
    <div className="page-container py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        {before}
        <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
          <header className="mb-6">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-2 text-base-content/75">{subtitle}</p> : null}
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}
