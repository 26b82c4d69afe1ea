import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SAVED_SEARCH_NAME_MAX,
  suggestedName,
  type SavedCriteria,
} from '../../../../shared/alerts/rules.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { AlertOptions } from './alert-options.tsx';

/**
 * "Save this search" on the browse page: a dialog asks for a name (the search term to start
 * with), how often and where to be told, then posts intent `save-search` to the page's action. A
 * refusal about the name shows beside it; the limit or a duplicate shows in the dialog.
 */
export function SaveSearchButton({ criteria }: { criteria: SavedCriteria }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // A new dialog each time it opens, with the current search's name.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary btn-soft"
        onClick={() => {
          setSaved(null);
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        <BellPlus className="size-4" aria-hidden="true" />
        Save this search
      </button>
      {saved ? (
        <FormAlert tone="success" className="mt-3 w-full">
          Saved “{saved}”. We will tell you of new matching tasks.{' '}
          <Link to="/profile/alerts" className="link">
            Manage task alerts
          </Link>
        </FormAlert>
      ) : null}
      <SaveSearchDialog
        key={opened}
        open={open}
        criteria={criteria}
        onDone={(name) => {
          setSaved(name);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

interface SaveSearchDialogProps {
  open: boolean;
  criteria: SavedCriteria;
  onDone: (name: string) => void;
  onClose: () => void;
}

function SaveSearchDialog({ open, criteria, onDone, onClose }: SaveSearchDialogProps) {
  const [name, setName] = useState(() => suggestedName(criteria));
  return (
    <ConfirmActionDialog
      open={open}
      title="Save this search"
      tone="info"
      confirmLabel="Save search"
      busyLabel="Saving the search"
      cancelLabel="Cancel"
      intent="save-search"
      values={{ criteria: JSON.stringify(criteria) }}
      fields={['name', 'frequency', 'channels']}
      onDone={() => onDone(name.trim())}
      onClose={onClose}
    >
      <p className="text-sm">
        When new tasks match this search, we tell you in the app or by e-mail, as you choose.
      </p>
      <div className="flex flex-col gap-3 text-left">
        <InputField
          label="Name"
          name="name"
          required
          maxLength={SAVED_SEARCH_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-autofocus
        />
        <AlertOptions />
      </div>
    </ConfirmActionDialog>
  );
}
