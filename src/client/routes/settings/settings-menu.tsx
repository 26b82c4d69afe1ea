import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { settingsUrl, type SettingsSectionEntry } from './sections.ts';

/**
 * The settings' side menu: a list beside the section on wide screens; on phones a button
 * naming the current section that shows the same list. The current item is
 * `aria-current="page"` (NavLink) and highlighted.
 */
export function SettingsMenu({
  current,
  sections,
}: {
  current: SettingsSectionEntry;
  sections: readonly SettingsSectionEntry[];
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // Picking a section (or Escape) closes the list; focus goes back to the button naming it.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) close();
  };
  return (
    <>
      <nav aria-label="Settings sections" className="hidden lg:block">
        <MenuItems sections={sections} className="sticky top-24" />
      </nav>
      <div className="rounded-box border border-base-300 bg-base-100 shadow-sm lg:hidden">
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          className="flex w-full cursor-pointer items-center gap-3 rounded-box px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          onClick={() => setOpen(!open)}
          onKeyDown={escape}
        >
          <current.icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-base-content/70">Settings section</span>
            <span className="block truncate font-medium">{current.title}</span>
          </span>
          <ChevronDown
            className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
        {open ? (
          <nav id={listId} aria-label="Settings sections" className="border-t border-base-300 p-2">
            <MenuItems sections={sections} onPick={close} onKeyDown={escape} />
          </nav>
        ) : null}
      </div>
    </>
  );
}

interface MenuItemsProps {
  sections: readonly SettingsSectionEntry[];
  className?: string;
  onPick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

function MenuItems({ sections, className = '', onPick, onKeyDown }: MenuItemsProps) {
  return (
    <ul className={`menu w-full gap-1 p-0 ${className}`}>
      {sections.map((section) => (
        <li key={section.id}>
          <NavLink
            to={settingsUrl(section)}
            end
            onClick={onPick}
            onKeyDown={onKeyDown}
            className={({ isActive }) =>
              `gap-3 ${isActive ? 'bg-primary/10 font-semibold text-primary' : 'text-base-content/80'}`
            }
          >
            <section.icon className="size-4 shrink-0" aria-hidden="true" />
            {section.title}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
