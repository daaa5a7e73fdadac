import { useEffect, useEffectEvent, useState } from 'react';

/** One panel's answer: loading, loaded, or failed (spec 001 §8). */
export type PanelLoad<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

const loading = { status: 'loading' } as const;

/**
 * Loads one panel's data whenever `key` changes (its parameters, or a refresh), cancelling a call
 * still under way. What was loaded for an older key is never shown for a newer one.
 */
export function usePanelLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): PanelLoad<T> {
  const [settled, setSettled] = useState<{ key: string; load: PanelLoad<T> } | null>(null);
  const start = useEffectEvent(load);

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, load: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, load: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  return settled?.key === key ? settled.load : loading;
}
