import { Search } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';

const loadDialog = () => import('../features/search/components/search-dialog.tsx');
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/** The header's magnifier; the search dialog's code loads on first use. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-circle btn-sm sm:btn-md"
        aria-label="Search tasks"
        aria-haspopup="dialog"
        title="Search tasks"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
