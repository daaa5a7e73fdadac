import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { clientMessages, redirectDelays } from './messages.js';
import { whenSessionExpires } from './session-expiry.js';

export interface SessionExpiredNoticeProps {
  /** Extra classes on the notice (each app's own look beside the shell's `ov-alert`). */
  className?: string;
}

/**
 * Mounted once on a page: when any call of the page's API client was refused with a 401 (the client
 * has already cleared the session, `onSessionExpired`), says 'Your session has expired. Please log
 * in again.' with a link to /login, and goes there after 2 s (spec 000 §4, spec 001 §4 and §9).
 */
export function SessionExpiredNotice({ className }: SessionExpiredNoticeProps) {
  const navigate = useNavigate();
  const [expired, setExpired] = useState(false);

  useEffect(() => whenSessionExpires(() => setExpired(true)), []);

  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(
      () => void navigate('/login', { replace: true }),
      redirectDelays.afterSessionExpiry,
    );
    return () => clearTimeout(timer);
  }, [expired, navigate]);

  if (!expired) return null;
  return (
    <p
      className={['ov-alert ov-alert--error', className].filter(Boolean).join(' ')}
      role="alert"
      data-testid="session-expired"
    >
      {clientMessages.sessionExpired}{' '}
      <Link to="/login" data-testid="session-expired-login">
        Go to login
      </Link>
    </p>
  );
}
