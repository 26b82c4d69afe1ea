import { Download, Filter } from 'lucide-react';
import { Form, Link } from 'react-router';
import { auditCsvUrl, type AuditFilters as Filters } from '../api/operators-api.ts';

/** The actions the log records, for the filter's list. */
const ACTIONS = [
  'role.changed',
  'sessions.ended',
  'person.suspended',
  'person.banned',
  'person.reinstated',
  'case.assigned',
  'report.upheld',
  'report.dismissed',
] as const;

const TARGET_TYPES = [
  { value: 'person', label: 'Person' },
  { value: 'case', label: 'Queue item' },
] as const;

/**
 * The audit log's filters, a GET form: the URL carries them (so a filtered view is a link),
 * and "Download CSV" exports the same rows.
 */
export function AuditFilters({ filters }: { filters: Filters }) {
  const text = (name: keyof Filters, label: string, type = 'text') => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`audit-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        defaultValue={filters[name] ?? ''}
        maxLength={100}
        className="input w-full"
      />
    </div>
  );
  return (
    <Form
      method="get"
      key={JSON.stringify(filters)}
      aria-label="Filter the audit log"
      className="mb-6 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {text('actor', 'Actor (account id)')}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-action" className="text-sm font-medium">
            Action
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={filters.action ?? ''}
            className="select w-full"
          >
            <option value="">Any action</option>
            {ACTIONS.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-targetType" className="text-sm font-medium">
            Target type
          </label>
          <select
            id="audit-targetType"
            name="targetType"
            defaultValue={filters.targetType ?? ''}
            className="select w-full"
          >
            <option value="">Any target</option>
            {TARGET_TYPES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {text('targetId', 'Target id')}
        {text('from', 'From', 'date')}
        {text('to', 'To', 'date')}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          <Filter className="size-4" aria-hidden="true" />
          Apply filters
        </button>
        <Link to="/admin/audit-log" className="btn btn-ghost btn-sm border-base-300">
          Clear
        </Link>
        <a href={auditCsvUrl(filters)} download className="btn btn-outline btn-sm sm:ml-auto">
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      </div>
    </Form>
  );
}
