import { useEffect, useId, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  onClose: () => void;
  testId: string;
  /**
   * The root of the class names, so each app keeps its own look (both apps' CSS can be on the page
   * at once): `{prefix}-backdrop`, `{prefix}` (and `{prefix}--wide`), `{prefix}__header`,
   * `{prefix}__close`, `{prefix}__body`, `{prefix}__footer`.
   */
  classPrefix: string;
  /** More classes on the dialog box itself (e.g. the shell's `ov-card`). */
  className?: string;
  /** Wide modals hold tables and lists (search results, rules, queries). */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** A dialog over the page: titled, closed by its button, a click outside or Escape. */
export function Modal({
  title,
  onClose,
  testId,
  classPrefix,
  className,
  wide,
  children,
  footer,
}: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const boxClasses = [className, classPrefix, wide && `${classPrefix}--wide`].filter(Boolean);
  return (
    <div
      className={`${classPrefix}-backdrop`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <section
        className={boxClasses.join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className={`${classPrefix}__header`}>
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className={`${classPrefix}__close`}
            onClick={onClose}
            aria-label="Close"
            data-testid={`${testId}-close`}
          >
            ×
          </button>
        </header>
        <div className={`${classPrefix}__body`}>{children}</div>
        {footer && <footer className={`${classPrefix}__footer`}>{footer}</footer>}
      </section>
    </div>
  );
}
