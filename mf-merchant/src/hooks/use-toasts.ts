import { useCallback, useEffect, useRef, useState } from 'react';

/** spec 000 §9: toasts and success notices hide after 5 s. */
export const noticeHideMs = 5000;

export interface Toast {
  id: number;
  /** `info`: a notice that is neither, e.g. 'Etsy integration coming soon!'. */
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** Toasts that each vanish 5 s after they appear; timers stop when the screen goes. */
export function useToasts(): {
  toasts: Toast[];
  show: (kind: Toast['kind'], text: string) => void;
} {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback((kind: Toast['kind'], text: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, kind, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, noticeHideMs);
    timers.current.add(timer);
  }, []);

  return { toasts, show };
}

/** A notice that hides itself after `hideMs` (spec 000 §9: database actions, 5 s). */
export function useTimedNotice(
  hideMs: number = noticeHideMs,
): [string | null, (text: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string | null) => {
      clearTimeout(timer.current);
      setNotice(text);
      if (text) timer.current = setTimeout(() => setNotice(null), hideMs);
    },
    [hideMs],
  );
  return [notice, show];
}
