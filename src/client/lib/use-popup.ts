import { useEffect, useId, useRef } from 'react';

/**
 * A button that opens a popup (menu, panel) beside it. While `open`, a pointer press outside
 * the root element and Escape call `onClose`; Escape also gives the focus back to the button.
 * Spread `buttonProps` on the button, put `rootRef` on the element holding both, and `panelId`
 * on the popup.
 */
export function usePopup(open: boolean, onClose: () => void) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onCloseRef.current();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return {
    rootRef,
    panelId,
    buttonProps: { ref: buttonRef, 'aria-expanded': open, 'aria-controls': panelId },
  };
}
