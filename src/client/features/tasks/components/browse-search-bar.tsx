import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { BROWSE_LIMITS } from '../../../../shared/limits.ts';
import { useKeepTypedBeforeHydration } from '../../../lib/use-hydrated.ts';

interface BrowseSearchBarProps {
  value: string;
  onChange: (value: string) => void;
  /** Clears the term and runs the search without it. */
  onClear: () => void;
}

/** The search box of the browse screen (it submits the surrounding filter form). */
export function BrowseSearchBar({ value, onChange, onClear }: BrowseSearchBarProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useKeepTypedBeforeHydration(field, value, onChange);
  return (
    <div className="flex gap-2">
      <div className="input input-lg w-full">
        <Search className="size-5 text-base-content/60" aria-hidden="true" />
        <label htmlFor={id} className="sr-only">
          Search tasks
        </label>
        <input
          ref={field}
          id={id}
          type="search"
          name="search"
          value={value}
          {...BROWSE_LIMITS.search}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Search tasks..."
          className="grow [&::-webkit-search-cancel-button]:hidden"
          enterKeyHint="search"
          autoComplete="off"
        />
        {value ? (
          <button
            type="button"
            className="btn btn-ghost btn-circle btn-xs"
            aria-label="Clear search"
            onClick={onClear}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary btn-lg">
        <Search className="size-5 sm:hidden" aria-hidden="true" />
        <span className="max-sm:sr-only">Search</span>
      </button>
    </div>
  );
}
