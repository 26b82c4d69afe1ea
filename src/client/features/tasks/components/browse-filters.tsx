import { useId } from 'react';
import type { CategoryCount } from '../../../../shared/tasks.ts';
import { BROWSE_SORTS, type BrowseSort, type BrowseState } from '../lib/browse-query.ts';
import { LOCATION_MAX } from '../../../../shared/constants.ts';
import { FormField } from '../../../components/ui/form-field.tsx';

interface BrowseFiltersProps {
  id: string;
  hidden: boolean;
  draft: BrowseState;
  categories: CategoryCount[];
  /** A text field changed (applied on submit). */
  onEdit: (patch: Partial<BrowseState>) => void;
  /** A choice changed (applied at once). */
  onApply: (patch: Partial<BrowseState>) => void;
  onReset: () => void;
}

/** Category, price range, location, required skills and sort order. */
export function BrowseFilters({
  id,
  hidden,
  draft,
  categories,
  onEdit,
  onApply,
  onReset,
}: BrowseFiltersProps) {
  const f = `${useId()}-filter`;
  return (
    <div
      id={id}
      hidden={hidden}
      className="mt-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField id={`${f}-category`} label="Category">
          <select
            id={`${f}-category`}
            value={draft.category}
            onChange={(event) => onApply({ category: event.target.value })}
            className="select w-full"
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.category} value={c.category}>
                {c.category} ({c.count})
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Price Range</legend>
          <div className="flex items-center gap-2">
            <label htmlFor={`${f}-min`} className="sr-only">
              Minimum price
            </label>
            <input
              id={`${f}-min`}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="Min"
              value={draft.minPrice}
              onChange={(event) => onEdit({ minPrice: event.target.value })}
              className="input w-full"
            />
            <span aria-hidden="true">–</span>
            <label htmlFor={`${f}-max`} className="sr-only">
              Maximum price
            </label>
            <input
              id={`${f}-max`}
              type="number"
              min={draft.minPrice || 0}
              step={0.01}
              inputMode="decimal"
              placeholder="Max"
              value={draft.maxPrice}
              onChange={(event) => onEdit({ maxPrice: event.target.value })}
              className="input w-full"
            />
          </div>
        </fieldset>
        <FormField id={`${f}-location`} label="Location">
          <input
            id={`${f}-location`}
            value={draft.location}
            maxLength={LOCATION_MAX}
            placeholder="e.g. Remote, Berlin"
            onChange={(event) => onEdit({ location: event.target.value })}
            className="input w-full"
          />
        </FormField>
        <FormField
          id={`${f}-skills`}
          label="Required Skills"
          className="sm:col-span-2 lg:col-span-1"
        >
          <input
            id={`${f}-skills`}
            value={draft.skills}
            maxLength={500}
            placeholder="e.g. React, SEO (comma-separated)"
            onChange={(event) => onEdit({ skills: event.target.value })}
            className="input w-full"
          />
        </FormField>
        <FormField id={`${f}-sort`} label="Sort By">
          <select
            id={`${f}-sort`}
            value={draft.sort}
            onChange={(event) => onApply({ sort: event.target.value as BrowseSort })}
            className="select w-full"
          >
            {BROWSE_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </FormField>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn btn-primary flex-1">
            Apply Filters
          </button>
          <button type="button" className="btn btn-ghost flex-1" onClick={onReset}>
            Reset Filters
          </button>
        </div>
      </div>
    </div>
  );
}
