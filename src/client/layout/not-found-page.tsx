import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { NOT_FOUND_PAGE } from '../../shared/pages/not-found.ts';

interface NotFoundPageProps {
  /** Extra detail for a routing error that is not a plain "not found". */
  detail?: string;
}

/** Unknown routes and routing errors (docs/product.md): exact texts and both actions. */
export function NotFoundPage({ detail }: NotFoundPageProps) {
  const navigate = useNavigate();
  const goBack = () => {
    // Back to wherever the visitor came from; home when this tab has no history.
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <section className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <title>{NOT_FOUND_PAGE.title}</title>
      <p
        className="text-7xl font-extrabold tracking-tight text-primary sm:text-8xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{NOT_FOUND_PAGE.heading}</h1>
      <p className="mt-3 max-w-md text-base-content/75">{NOT_FOUND_PAGE.intro}</p>
      {detail ? <p className="mt-2 max-w-md text-sm text-base-content/70">{detail}</p> : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className="btn btn-primary">
          <House className="size-4" aria-hidden="true" />
          Go to Homepage
        </Link>
        <button type="button" className="btn btn-outline" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Go Back
        </button>
      </div>
    </section>
  );
}
