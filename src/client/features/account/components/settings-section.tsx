import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** The section's id (`sessions` of /profile/sessions) and the id its heading names it by. */
  id: string;
  title: string;
  description: ReactNode;
  /** `danger` for what cannot be undone. */
  tone?: 'normal' | 'danger';
  children: ReactNode;
}

/** The card of a settings section: a heading, what it is about, its form or list. */
export function SettingsSection({
  id,
  title,
  description,
  tone = 'normal',
  children,
}: SettingsSectionProps) {
  const border = tone === 'danger' ? 'border-error/50' : 'border-base-300';
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`rounded-box border ${border} bg-base-100 p-5 shadow-sm sm:p-7`}
    >
      <h2
        id={`${id}-title`}
        className={`text-lg font-semibold ${tone === 'danger' ? 'text-error' : ''}`}
      >
        {title}
      </h2>
      <div className="mt-1 text-sm text-base-content/75">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
