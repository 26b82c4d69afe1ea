import { useEffect, type ReactNode } from 'react';
import type { SavedSearch } from '../../../../shared/alerts/schema.ts';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

/**
 * How one saved search alerts (Instant, Daily, Weekly, Paused; in the app, by e-mail): the
 * fields come as `children`, posted as intent `set-search-alerts`.
 */
export function SavedSearchAlertsForm({
  search,
  onClose,
  children,
}: {
  search: SavedSearch;
  onClose: () => void;
  children: ReactNode;
}) {
  const save = useSettingsFetcher();
  useEffect(() => {
    if (save.done) onClose();
  }, [save.done, onClose]);
  return (
    <save.fetcher.Form method="post" className="flex flex-col gap-3 rounded-box bg-base-200 p-3">
      <input type="hidden" name="intent" value="set-search-alerts" />
      <input type="hidden" name="id" value={search._id} />
      <FieldErrorsContext value={save.errors}>{children}</FieldErrorsContext>
      {save.failure && !save.failure.issues ? (
        <p role="alert" className="text-sm text-error">
          {save.failure.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <SubmitButton
          busy={save.busy}
          label="Save alerts"
          busyLabel={`Saving the alerts of ${search.name}`}
          className="btn-primary btn-sm"
        />
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </save.fetcher.Form>
  );
}
