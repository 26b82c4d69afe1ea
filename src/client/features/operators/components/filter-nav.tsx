import { NavLink } from 'react-router';

/**
 * A console list's filters as links (`?<param>=<value>`), the chosen one marked as the
 * current page: a filtered view is a link an operator can share.
 */
export function FilterNav({
  label,
  param,
  filters,
  current,
}: {
  label: string;
  param: string;
  filters: readonly { value: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <NavLink
          key={filter.value}
          to={`?${param}=${filter.value}`}
          aria-current={filter.value === current ? 'page' : undefined}
          className={`btn btn-sm ${filter.value === current ? 'btn-primary' : 'btn-ghost border-base-300'}`}
        >
          {filter.label}
        </NavLink>
      ))}
    </nav>
  );
}
