import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '@onvelope/router';

/**
 * Navigates after a delay (spec 001 §9: 1.5 s after sign-in, 3 s after sign-up, ...). Leaving the
 * screen first cancels the move, so a stale timer never drags the user back.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to, { replace: true }), delayMs);
    },
    [navigate],
  );
}
