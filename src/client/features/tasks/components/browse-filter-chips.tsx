import { X } from 'lucide-react';
import type { BrowseState, FilterChip } from '../lib/browse-query.ts';

interface BrowseFilterChipsProps {
  chips: FilterChip[];
  /** Removes one filter, applied at once. */
  onRemove: (patch: Partial<BrowseState>) => void;
}

/** The applied filters while the panel is closed, each with × to remove it. */
export function BrowseFilterChips({ chips, onRemove }: BrowseFilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Applied filters" className="flex min-w-0 flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="flex max-w-full items-center gap-1 rounded-full border border-base-300 bg-base-200 py-0.5 ps-3 pe-1 text-sm"
        >
          <span className="truncate" dir="auto">
            {chip.label}
          </span>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-xs shrink-0"
            aria-label={`Remove ${chip.label}`}
            title="Remove"
            onClick={() => onRemove(chip.remove)}
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
