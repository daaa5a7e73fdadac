import { useEffect, useId, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}

/** A dialog over the page: titled, closed by Escape or a click outside. */
export function Dialog({ title, onClose, testId, wide, children }: DialogProps) {
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
      className="cu-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className={wide ? 'ov-card cu-dialog cu-dialog--wide' : 'ov-card cu-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <div className="cu-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="cu-dialog__close"
            onClick={onClose}
            aria-label="Close"
            data-testid={`${testId}-close`}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
