import { useCallback, useEffect, useRef, useState } from 'react';

/** spec 001 §9: the resolve notice vanishes after 3 s, the unclaim notice (and the others) after 5 s. */
export const toastDelays = { resolved: 3000, unclaimed: 5000, standard: 5000 } as const;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** Toasts that each vanish after their own delay; the timers stop when the screen goes. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback(
    (kind: Toast['kind'], text: string, hideAfterMs: number = toastDelays.standard) => {
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
