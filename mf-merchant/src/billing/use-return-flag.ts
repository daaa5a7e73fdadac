import { useEffect, useState } from 'react';
import { useSearchParams } from '@onvelope/router';

/**
 * Whether the page was opened with `name=value` in its address: a one-time notice such as
 * `/dashboard?trial=started` or `/account-settings?billing=cancelled`. It is read once, when the
 * page opens, and then removed from the address (replacing the history entry), so a reload, a
 * bookmark or the back button does not show the notice again.
 */
export function useReturnFlag(name: string, value: string): boolean {
  const [params, setParams] = useSearchParams();
  const [flagged] = useState(() => params.get(name) === value);

  useEffect(() => {
    if (!flagged) return;
    setParams(
      (current) => {
        current.delete(name);
        return current;
      },
      { replace: true },
    );
  }, [flagged, name, setParams]);

  return flagged;
}
