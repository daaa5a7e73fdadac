import type { Toast } from './use-toasts.js';

export interface ToastsProps {
  toasts: Toast[];
  /**
   * The root of the class names, so each app keeps its own look: `{prefix}-toasts` on the stack,
   * `{prefix}-toast` and `{prefix}-toast--{kind}` on each toast.
   */
  classPrefix: string;
}

/** The stack of toasts in the corner; each is announced as it appears (errors as alerts). */
export function Toasts({ toasts, classPrefix }: ToastsProps) {
  return (
    <div className={`${classPrefix}-toasts`} aria-live="polite">
      {toasts.map((toast) => (
        <p
          key={toast.id}
          className={`${classPrefix}-toast ${classPrefix}-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${toast.kind}`}
        >
          {toast.text}
        </p>
      ))}
    </div>
  );
}
