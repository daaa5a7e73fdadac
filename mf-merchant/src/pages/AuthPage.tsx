import { useMemo } from 'react';
import { useSearchParams } from '@onvelope/router';
import { googleSignInErrorMessage } from '@onvelope/contracts';
import { AuthScreen, signInReturnPath, type RemotePage } from '@onvelope/ui';
import { sellerAccount } from '../auth/seller-account.js';
import { TrialPanel } from '../auth/TrialPanel.js';

/**
 * /login and /register with Seller chosen (spec 001 §2); the shell serves Buyer's (`?account=customer`)
 * from mf-customer, so that a buyer never loads this remote.
 */
const AuthPage: RemotePage<'mf_merchant/AuthPage'> = ({ mode }) => {
  const [search] = useSearchParams();
  // `/login?return=<path>` (the pricing page's checkout): a seller goes back there after signing in.
  const returnTo = signInReturnPath(search);
  const account = useMemo(() => sellerAccount(returnTo), [returnTo]);
  return (
    <AuthScreen
      mode={mode}
      account={account}
      panel={<TrialPanel mode={mode} />}
      // The Google sign-in callback lands on /login?error=<code> when it fails (shell README). Only
      // the product's words for the code are shown: the address is anyone's to write (issue 32,
      // defect 8).
      notice={googleSignInErrorMessage(search.get('error'))}
    />
  );
};

export default AuthPage;
