import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import { MerchantPage } from './MerchantPage.js';

/** /login and /register: one screen, mode chosen by path (spec 001 §2). */
const AuthPage: RemotePage<'mf_merchant/AuthPage'> = ({ mode }) => {
  const signIn = mode === 'login';
  return (
    <div data-testid="auth-page" data-mode={mode}>
      <MerchantPage
        title={signIn ? 'Sign in' : 'Create your account'}
        testId={signIn ? 'login-page' : 'register-page'}
        notice={signIn ? 'Signing in is not available yet.' : 'Signing up is not available yet.'}
      >
        <p>
          {signIn ? (
            <>
              New to ONVELOPE? <Link to="/register">Create an account</Link>
            </>
          ) : (
            <>
              Already have an account? <Link to="/login">Sign in</Link>
            </>
          )}
        </p>
      </MerchantPage>
    </div>
  );
};

export default AuthPage;
