import type { ReactNode } from 'react';
import type { ContentPageText } from '../../../../shared/pages/site.ts';

interface ContentPageProps {
  /** Its heading, intro and tab title, from the table the server's page heads also read. */
  page: ContentPageText;
  /** e.g. "Last updated: …" for legal pages. */
  note?: string;
  children: ReactNode;
}

/** The frame of the short content pages (how it works, pricing, legal). */
export function ContentPage({ page, note, children }: ContentPageProps) {
  const { heading, intro, title } = page;
  return (
    <article>
      <title>{title}</title>
      <header className="border-b border-base-300 bg-base-200">
        <div className="page-container py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
          <p className="mt-3 max-w-2xl text-lg text-base-content/75">{intro}</p>
          {note ? <p className="mt-3 text-sm text-base-content/70">{note}</p> : null}
        </div>
      </header>
      <div className="page-container py-10">
        <div className="prose-page max-w-3xl">{children}</div>
      </div>
    </article>
  );
}
