import { useEffect, useState } from 'react';
import { useSearchParams } from '@onvelope/router';
import {
  authorisationReturn,
  connectedNoticeMs,
  withoutAuthorisationParams,
  type AuthorisationReturn,
} from './store-front-logic.js';

/**
 * spec 000 §2 "Return from store-front authorisation": read the parameters once, show the notice
 * (a success one hides after 5 s), and take the parameters out of the address bar.
 */
export function useAuthorisationReturn() {
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<AuthorisationReturn>(() => authorisationReturn(params));

  useEffect(() => {
    const cleaned = withoutAuthorisationParams(params);
    if (cleaned) setParams(cleaned, { replace: true });
  }, [params, setParams]);

  const connected = notice?.kind === 'connected';
  useEffect(() => {
    if (!connected) return;
    const timer = setTimeout(() => setNotice(null), connectedNoticeMs);
    return () => clearTimeout(timer);
  }, [connected]);

  return { notice, dismiss: () => setNotice(null) };
}
