import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, failureMessage } from '@onvelope/ui';

/**
 * A message history read from notify (issue 34): the records once read, the failure's words, and
 * `loading` while a read is under way. Read when `read` changes (keep it stable with `useCallback`);
 * `load(isLive)` reads again, applying the answer only while `isLive` says the view still wants it.
 * A refused session goes to `onSessionEnd` when given (else merchantApi has already ended it).
 */
export function useMessageRecords<T>(
  read: () => Promise<T[]>,
  failedText: string,
  onSessionEnd?: (error: unknown) => void,
) {
  const [records, setRecords] = useState<T[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // The page's handler may change on each render; a new one must not read the history again.
  const sessionEnd = useRef(onSessionEnd);
  useEffect(() => {
    sessionEnd.current = onSessionEnd;
  });

  const load = useCallback(
    (isLive: () => boolean = () => true) =>
      read().then(
        (list) => {
          if (!isLive()) return;
          setRecords(list);
          setFailed(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (!isLive()) return;
          setLoading(false);
          if (sessionEnd.current && error instanceof ApiError && error.isSessionExpired) {
            sessionEnd.current(error);
          } else setFailed(failureMessage(error, failedText));
        },
      ),
    [read, failedText],
  );

  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  const refresh = () => {
    setLoading(true);
    void load();
  };
  return { records, failed, loading, load, refresh };
}
