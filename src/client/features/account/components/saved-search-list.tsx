import {
  BellOff,
  BellRing,
  ExternalLink,
  Pencil,
  Search,
  SlidersHorizontal,
  Trash2,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CHANNEL_LABELS,
  FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX,
} from '../../../../shared/alerts/rules.ts';
import type { SavedSearch } from '../../../../shared/alerts/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';
import { SavedSearchAlertsForm } from './saved-search-alerts-form.tsx';

/** A saved search and its criteria in words (as the browse page's chips say them). */
export interface DescribedSearch {
  search: SavedSearch;
  words: string[];
}

/** The saved searches of the settings, or what alerts are and where to start one. */
export function SavedSearchList({
  searches,
  alertOptions,
}: {
  searches: DescribedSearch[];
  /** The fields that choose how one search alerts (the alerts feature's). */
  alertOptions: (search: SavedSearch) => ReactNode;
}) {
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  if (searches.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-box border border-dashed border-base-300 p-5">
        <p className="font-medium">You have no saved searches yet.</p>
        <p className="text-sm text-base-content/75">
          On Browse Tasks, search or choose filters, then press “Save this search”. When someone
          posts a task that matches, we tell you in the app or by e-mail.
        </p>
        <Link to="/browse-tasks" className="btn btn-primary btn-sm">
          <Search className="size-4" aria-hidden="true" />
          Browse tasks
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300">
        {searches.map(({ search, words }) => (
          <SavedSearchRow
            key={search._id}
            search={search}
            words={words}
            alertOptions={alertOptions}
            onDelete={() => setDeleting(search)}
          />
        ))}
      </ul>
      <ConfirmActionDialog
        open={deleting !== null}
        title="Delete this saved search?"
        tone="warning"
        confirmLabel="Delete"
        busyLabel="Deleting the saved search"
        confirmClassName="btn-error"
        intent="delete-search"
        values={{ id: deleting?._id ?? '' }}
        onDone={() => setDeleting(null)}
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm">
          {deleting ? `“${deleting.name}” ` : ''}will no longer alert you of new tasks.
        </p>
      </ConfirmActionDialog>
    </>
  );
}

interface SavedSearchRowProps extends DescribedSearch {
  alertOptions: (search: SavedSearch) => ReactNode;
  onDelete: () => void;
}

function SavedSearchRow({ search, words, alertOptions, onDelete }: SavedSearchRowProps) {
  const paused = search.frequency === 'paused';
  const pause = useSettingsFetcher();
  const rename = useSettingsFetcher();
  // The rename form is open from its button until a rename it sent has worked.
  const [openedWith, setOpenedWith] = useState<{ data: unknown } | null>(null);
  const [editingAlerts, setEditingAlerts] = useState(false);
  const renaming =
    openedWith !== null && (rename.done === null || rename.fetcher.data === openedWith.data);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (renaming) nameInput.current?.focus();
  }, [renaming]);
  return (
    <li aria-label={search.name} className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-base-200">
          {paused ? (
            <BellOff className="size-5" aria-hidden="true" />
          ) : (
            <BellRing className="size-5" aria-hidden="true" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words">
            {search.name}
            <span className={`badge badge-sm badge-soft ${paused ? '' : 'badge-success'}`}>
              {FREQUENCY_LABELS[search.frequency]}
            </span>
            {paused ? null : (
              <span className="text-xs font-normal text-base-content/70">
                {search.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}
              </span>
            )}
          </p>
          <p className="text-sm break-words text-base-content/75">{words.join(' · ')}</p>
          <p className="text-xs text-base-content/70">
            {search.lastAlertAt
              ? `Last alert ${formatDateTime(search.lastAlertAt)}`
              : `Saved ${formatDateTime(search.createdAt)}, no alert yet`}
          </p>
          {pause.failure ? (
            <p role="alert" className="mt-1 text-sm text-error">
              {pause.failure.message}
            </p>
          ) : null}
        </div>
      </div>
      {editingAlerts ? (
        <SavedSearchAlertsForm search={search} onClose={() => setEditingAlerts(false)}>
          {alertOptions(search)}
        </SavedSearchAlertsForm>
      ) : null}
      {renaming ? (
        <rename.fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename-search" />
          <input type="hidden" name="id" value={search._id} />
          <FieldErrorsContext value={rename.errors}>
            <InputField
              label={`New name for ${search.name}`}
              name="name"
              required
              maxLength={SAVED_SEARCH_NAME_MAX}
              defaultValue={search.name}
              className="min-w-0 grow basis-56"
              ref={nameInput}
            />
          </FieldErrorsContext>
          <div className="flex gap-2">
            <SubmitButton
              busy={rename.busy}
              label="Save name"
              busyLabel="Saving the name"
              className="btn-primary btn-sm"
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setOpenedWith(null)}
            >
              Cancel
            </button>
          </div>
          {rename.failure && !rename.failure.issues ? (
            <p role="alert" className="w-full text-sm text-error">
              {rename.failure.message}
            </p>
          ) : null}
        </rename.fetcher.Form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link
            to={search.path}
            className="btn btn-outline btn-sm"
            aria-label={`Open ${search.name} in Browse Tasks`}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Open
          </Link>
          <pause.fetcher.Form method="post">
            <input type="hidden" name="intent" value="set-search-frequency" />
            <input type="hidden" name="id" value={search._id} />
            <input type="hidden" name="frequency" value={paused ? 'instant' : 'paused'} />
            <SubmitButton
              busy={pause.busy}
              label={paused ? 'Resume' : 'Pause'}
              busyLabel={paused ? `Resuming ${search.name}` : `Pausing ${search.name}`}
              name={`${paused ? 'Resume' : 'Pause'} ${search.name}`}
              icon={paused ? BellRing : BellOff}
              className="btn-outline btn-sm"
            />
          </pause.fetcher.Form>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Change the alerts of ${search.name}`}
            aria-expanded={editingAlerts}
            onClick={() => setEditingAlerts((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            Alerts
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Rename ${search.name}`}
            onClick={() => setOpenedWith({ data: rename.fetcher.data })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Rename
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`Delete ${search.name}`}
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
