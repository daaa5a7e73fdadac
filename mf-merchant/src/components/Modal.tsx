import { useEffect, useId, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  testId: string;
  /** Wide modals hold tables (search results, rules). */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** A dialog over the page: titled, closed by its button, a click outside or Escape. */
export function Modal({ title, onClose, testId, wide, children, footer }: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      className="me-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <section
        className={wide ? 'me-modal me-modal--wide' : 'me-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="me-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="me-modal__close"
            onClick={onClose}
            aria-label="Close"
            data-testid={`${testId}-close`}
          >
            ×
          </button>
        </header>
        <div className="me-modal__body">{children}</div>
        {footer && <footer className="me-modal__footer">{footer}</footer>}
      </section>
    </div>
  );
}
