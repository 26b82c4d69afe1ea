import { Clock, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useRecentSearches } from '../hooks/use-recent-searches.ts';

interface SearchDialogProps {
  /** Called once the dialog has closed; the owner then unmounts it. */
  onClose: () => void;
}

/**
 * The header's search dialog (native <dialog>, so focus moves in, Escape closes and focus
 * returns). Submitting a term or picking a recent one records it and opens the browse list.
 */
export function SearchDialog({ onClose }: SearchDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const recentId = useId();
  const [term, setTerm] = useState('');
  const { terms, add, clear } = useRecentSearches();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    returnFocusRef.current = document.activeElement as HTMLElement | null;
    dialog.showModal();
    inputRef.current?.focus();
  }, []);

  const search = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return; // Nothing happens for a blank term.
    add(trimmed);
    dialogRef.current?.close();
    void navigate(`/browse-tasks?search=${encodeURIComponent(trimmed)}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(term);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="modal modal-top sm:modal-middle"
      onClose={() => {
        const target = returnFocusRef.current;
        if (target?.isConnected) target.focus();
        onClose();
      }}
    >
      <div className="modal-box max-w-xl p-0">
        <div className="flex items-center justify-between border-b border-base-300 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Search tasks
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-circle btn-sm"
            aria-label="Close search"
            onClick={() => dialogRef.current?.close()}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <form
          role="search"
          className="flex flex-col gap-2 px-5 pt-4 sm:flex-row"
          onSubmit={onSubmit}
        >
          <label className="input w-full sm:flex-1">
            <Search className="size-4 text-base-content/60" aria-hidden="true" />
            <span className="sr-only">Search term</span>
            <input
              ref={inputRef}
              type="search"
              className="grow text-sm sm:text-base"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder="Search for tasks, freelancers, or categories..."
              enterKeyHint="search"
              autoComplete="off"
            />
          </label>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
        <section aria-labelledby={recentId} className="px-5 pt-5 pb-5">
          <div className="mb-2 flex items-center justify-between">
            <h3 id={recentId} className="text-sm font-semibold text-base-content/75">
              Recent Searches
            </h3>
            {terms.length > 0 ? (
              <button type="button" className="btn btn-ghost btn-xs" onClick={clear}>
                Clear all
              </button>
            ) : null}
          </div>
          {terms.length > 0 ? (
            <ul className="flex flex-col">
              {terms.map((item) => (
                <li key={item}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-field px-2 py-2 text-left hover:bg-base-200"
                    onClick={() => search(item)}
                  >
                    <Clock className="size-4 shrink-0 text-base-content/60" aria-hidden="true" />
                    <span className="truncate">{item}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="py-2 text-sm text-base-content/70">No recent searches yet.</p>
          )}
        </section>
      </div>
      {/* A click on the backdrop submits this form, which closes the dialog. */}
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="Close search">
          Close
        </button>
      </form>
    </dialog>
  );
}
