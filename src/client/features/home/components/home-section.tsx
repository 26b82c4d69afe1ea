import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface HomeSectionProps {
  title: string;
  subtitle: string;
  /** A link beside the heading to the page that shows more. */
  more?: { to: string; label: string };
  /** A full-width shaded band (the page's content stays centred inside it). */
  band?: boolean;
  children: ReactNode;
}

/** One section of the home page: named by its heading, with an optional "more" link. */
export function HomeSection({ title, subtitle, more, band = false, children }: HomeSectionProps) {
  const headingId = useId();
  const content = (
    <>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-base-content/75">{subtitle}</p>
        </div>
        {more ? (
          <Link to={more.to} className="btn btn-ghost btn-sm text-primary">
            {more.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={headingId} className="border-y border-base-300 bg-base-200">
      <div className="page-container py-16">{content}</div>
    </section>
  ) : (
    <section aria-labelledby={headingId} className="page-container py-16">
      {content}
    </section>
  );
}
