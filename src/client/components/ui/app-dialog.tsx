import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export type DialogTone = 'success' | 'error' | 'info' | 'warning';

interface AppDialogProps {
  open: boolean;
  /** Called once the dialog has closed (button, Escape, auto-close or backdrop). */
  onClose: () => void;
  title: string;
  tone?: DialogTone;
  /** The body; read out as the dialog's description. */
  children?: ReactNode;
  /**
   * Buttons; by default a single OK button that closes the dialog. The one marked
   * `data-autofocus` takes the focus when the dialog opens (the first one otherwise).
   */
  actions?: ReactNode;
  /** Closes itself after this many milliseconds. */
  autoCloseMs?: number;
  /** `alertdialog` for a question the user must answer. */
  role?: 'dialog' | 'alertdialog';
}

const TONES = {
  success: { Icon: CircleCheck, className: 'bg-success/15 text-success' },
  error: { Icon: CircleAlert, className: 'bg-error/15 text-error' },
  info: { Icon: Info, className: 'bg-info/15 text-info' },
  warning: { Icon: TriangleAlert, className: 'bg-warning/15 text-warning' },
} as const;

/**
 * The one dialog of the app, on the native <dialog>: `showModal` moves focus in and keeps it
 * there, Escape closes, focus returns to where it was, and screen readers announce the title
 * and description. Styled by daisyUI's `modal`, so it follows the theme.
 */
export function AppDialog({
  open,
  onClose,
  title,
  tone = 'info',
  children,
  actions,
  autoCloseMs,
  role = 'dialog',
}: AppDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (!open || autoCloseMs === undefined) return;
    const timer = window.setTimeout(() => ref.current?.close(), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [open, autoCloseMs]);

  const { Icon, className } = TONES[tone];
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className="modal modal-bottom sm:modal-middle"
      onClose={() => {
        const target = returnFocus.current;
        returnFocus.current = null;
        // The browser's own return of focus does not scroll, and what the dialog announced
        // may have moved the control below the screen meanwhile: bring it into view.
        if (target?.isConnected) {
          target.focus();
          target.scrollIntoView({ block: 'nearest' });
        }
        onCloseRef.current();
      }}
    >
      <div className="modal-box flex flex-col items-center gap-3 text-center">
        <span className={`grid size-14 place-items-center rounded-full ${className}`}>
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="text-base-content/80">
            {children}
          </div>
        ) : null}
        <div className="modal-action mt-2 flex flex-wrap justify-center gap-2">
          {actions ?? (
            <form method="dialog">
              <button type="submit" className="btn btn-primary min-w-24">
                OK
              </button>
            </form>
          )}
        </div>
      </div>
    </dialog>
  );
}
