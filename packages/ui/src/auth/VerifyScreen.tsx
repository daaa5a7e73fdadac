import { useState } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { readPendingVerification } from '../session.js';
import type { AuthAccount } from './auth-account.js';
import { authPagePath } from './auth-form.js';
import { VerifyForm } from './VerifyForm.js';
import './auth.css';

/**
 * /verify (spec 001 §2, §4): the 6-digit code sent to the email waiting in `pendingVerification`.
 * The shell serves the screen of the remote whose kind of account is waiting.
 */
export function VerifyScreen({ account }: { account: AuthAccount }) {
  const navigate = useNavigate();
  // Read once: a successful verification clears it, and the screen keeps showing the address.
  const [pending] = useState(readPendingVerification);

  return (
    <main className="ov-page ov-auth-page" data-testid="verify-page">
      <Link to="/" className="ov-auth__home">
        ONVELOPE
      </Link>
      <h1>Verify your email</h1>
      {pending ? (
        <VerifyForm email={pending.email} account={account} />
      ) : (
        <p className="ov-alert ov-alert--info" data-testid="verify-nothing-pending">
          No email is waiting for verification. Please register or sign in first.
        </p>
      )}
      <button
        type="button"
        className="ov-auth__link"
        onClick={() => void navigate(authPagePath('register', account.kind))}
        data-testid="verify-back"
      >
        Back to Registration
      </button>
    </main>
  );
}
