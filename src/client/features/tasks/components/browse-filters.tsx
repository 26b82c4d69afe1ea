import { useId } from 'react';
import type { CategoryCount } from '../../../../shared/tasks/schema.ts';
import {
  BROWSE_SORTS,
  BROWSE_STATUSES,
  type BrowseSort,
  type BrowseState,
} from '../lib/browse-query.ts';
import { BROWSE_LIMITS } from '../../../../shared/limits.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';

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

/** Category, status, price range, location, required skills and sort order. */
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
        <SelectField
          label="Category"
          value={draft.category}
          onChange={(event) => onApply({ category: event.target.value })}
          options={[
            { value: '', label: 'All Categories' },
            ...categories.map((c) => ({ value: c.category, label: `${c.category} (${c.count})` })),
          ]}
        />
        <SelectField
          label="Status"
          value={draft.status}
          onChange={(event) => onApply({ status: event.target.value as BrowseState['status'] })}
          options={BROWSE_STATUSES}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Price Range</legend>
          <div className="flex items-center gap-2">
            <PriceInput
              id={`${f}-min`}
              label="Minimum price"
              placeholder="Min"
              min={BROWSE_LIMITS.price.min}
              value={draft.minPrice}
              onChange={(minPrice) => onEdit({ minPrice })}
            />
            <span aria-hidden="true">–</span>
            <PriceInput
              id={`${f}-max`}
              label="Maximum price"
              placeholder="Max"
              min={draft.minPrice || BROWSE_LIMITS.price.min}
              value={draft.maxPrice}
              onChange={(maxPrice) => onEdit({ maxPrice })}
            />
          </div>
        </fieldset>
        <InputField
          label="Location"
          value={draft.location}
          {...BROWSE_LIMITS.location}
          placeholder="e.g. Remote, Berlin"
          onChange={(event) => onEdit({ location: event.target.value })}
        />
        <InputField
          label="Required Skills"
          className="sm:col-span-2 lg:col-span-1"
          value={draft.skills}
          {...BROWSE_LIMITS.skills}
          placeholder="e.g. React, SEO (comma-separated)"
          onChange={(event) => onEdit({ skills: event.target.value })}
        />
        <SelectField
          label="Sort By"
          value={draft.sort}
          onChange={(event) => onApply({ sort: event.target.value as BrowseSort })}
          options={BROWSE_SORTS}
        />
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

interface PriceInputProps {
  id: string;
  label: string;
  placeholder: string;
  min: number | string;
  value: string;
  onChange: (value: string) => void;
}

/** One end of the price range, labelled for screen readers only (the legend names both). */
function PriceInput({ id, label, placeholder, min, value, onChange }: PriceInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={min}
        step={BROWSE_LIMITS.price.step}
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="input w-full"
      />
    </>
  );
}
