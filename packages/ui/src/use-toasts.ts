import { useCallback, useEffect, useRef, useState } from 'react';

/** spec 000 §9 and spec 001 §9: a toast or notice hides after 5 s unless a screen says otherwise. */
export const toastHideMs = 5000;

export interface Toast {
  id: number;
  /** `info`: a notice that is neither, e.g. 'Etsy integration coming soon!'. */
  kind: 'success' | 'error' | 'info';
  text: string;
}

/**
 * Toasts that each vanish after their own delay (5 s by default; spec 001 §9 hides the buyer's
 * resolve notice after 3 s); the timers stop when the screen goes. Render them with `Toasts`.
 *
 * @example const { toasts, show } = useToasts(); show('success', 'Saved'); <Toasts toasts={toasts} classPrefix="me" />
 */
export function useToasts(): {
  toasts: Toast[];
  show: (kind: Toast['kind'], text: string, hideAfterMs?: number) => void;
} {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback(
    (kind: Toast['kind'], text: string, hideAfterMs: number = toastHideMs) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, hideAfterMs);
      timers.current.add(timer);
    },
    [],
  );

  return { toasts, show };
}
