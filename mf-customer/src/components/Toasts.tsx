import type { Toast } from '../hooks/use-toasts.js';

/** The stack of toasts in the corner; each is announced as it appears. */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="cu-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <p
          key={toast.id}
          className={`cu-toast cu-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${toast.kind}`}
        >
          {toast.text}
        </p>
      ))}
    </div>
  );
}
