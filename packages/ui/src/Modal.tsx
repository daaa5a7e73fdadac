import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './dialog.css';

export interface ModalProps {
  title: string;
  /**
   * Called by the close button, a click outside the box and Escape. A dialog that must stay while
   * it is busy (saving) passes a function that does nothing until then.
   */
  onClose: () => void;
  testId: string;
  /** More classes on the dialog box itself (e.g. the shell's `ov-card`). */
  className?: string;
  /** Wide modals hold tables and lists (search results, rules, queries). */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A dialog over the page on the native `<dialog>` opened with `showModal()`: the page behind is
 * inert and focus stays inside; closed by its button, a click outside or Escape; focus goes back to
 * what had it (the button that opened it) when the dialog goes.
 */
export function Modal({ title, onClose, testId, className, wide, children, footer }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // The content mounts once the dialog is open, so that a field's autoFocus can take the focus
  // (nothing in a closed dialog can); without one, the dialog itself has it.
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const opener = document.activeElement;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // One render more, once, before the first paint: the content must mount into an open dialog.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(true);
    return () => {
      // Unmounting removes the element without close(), so the browser does not restore focus.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const boxClasses = [className, 'ov-dialog', wide && 'ov-dialog--wide'].filter(Boolean);
  return (
    <dialog
      ref={dialog}
      className="ov-dialog-layer ov-dialog-backdrop"
      aria-labelledby={titleId}
      // The owner decides when the dialog goes: Escape asks it, and never closes the element itself.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // A dialog opened from another closes alone, and the browser's own cancel does not follow.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // A click outside the box closes it, and must not then take the focus given back.
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <section className={boxClasses.join(' ')} data-testid={testId}>
          <header className="ov-dialog__header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="ov-dialog__close"
              onClick={onClose}
              aria-label="Close"
              data-testid={`${testId}-close`}
            >
              ×
            </button>
          </header>
          <div className="ov-dialog__body">{children}</div>
          {footer && <footer className="ov-dialog__footer">{footer}</footer>}
        </section>
      )}
    </dialog>
  );
}
