import { useCallback, useEffect, useRef, useState } from 'react';
import { toastHideMs } from '@onvelope/ui';

// Toasts live in packages/ui; screens of this remote still import them from here.
export { useToasts, type Toast } from '@onvelope/ui';

/** A notice that hides itself after `hideMs` (spec 000 §9: database actions, 5 s like toasts). */
export function useTimedNotice(
  hideMs: number = toastHideMs,
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
