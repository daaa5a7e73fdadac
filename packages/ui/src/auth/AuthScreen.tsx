import { useState, type ReactNode } from 'react';
import { Link } from '@onvelope/router';
import { AccountChoice } from './AccountChoice.js';
import type { AuthAccount } from './auth-account.js';
import type { AuthMode } from './auth-form.js';
import { CredentialsForm } from './CredentialsForm.js';
import { ForgotPassword } from './ForgotPassword.js';
import './auth.css';

interface AuthScreenProps {
  mode: AuthMode;
  account: AuthAccount;
  /** The side panel: what this kind of account offers. */
  panel: ReactNode;
  /** An error to show on the form before anything is sent. */
  notice?: string | null;
}

/**
 * /login and /register: one screen, mode chosen by path (spec 001 §2), for sellers and buyers alike
 * (issue 3). The Seller / Buyer choice decides which calls are made and where a signed-in person
 * goes: each remote shows the screen with its own account's calls (`AuthAccount`).
 */
export function AuthScreen({ mode, account, panel, notice = null }: AuthScreenProps) {
  const [view, setView] = useState<'credentials' | 'forgot'>('credentials');
  const signIn = mode === 'login';
  return (
    <main className="ov-auth" data-testid="auth-page" data-mode={mode}>
      <section className="ov-auth__main" data-testid={signIn ? 'login-page' : 'register-page'}>
        <Link to="/" className="ov-auth__home">
          ONVELOPE
        </Link>
        <h1>{signIn ? 'Sign in' : 'Create your account'}</h1>
        <AccountChoice mode={mode} account={account.kind} />
        {view === 'forgot' ? (
          <ForgotPassword account={account} onDone={() => setView('credentials')} />
        ) : (
          <CredentialsForm
            mode={mode}
            account={account}
            notice={notice}
            onForgotPassword={() => setView('forgot')}
          />
        )}
      </section>
      {panel}
    </main>
  );
}
