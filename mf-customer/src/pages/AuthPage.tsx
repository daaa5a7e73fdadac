import { AuthScreen, type RemotePage } from '@onvelope/ui';
import { buyerAccount } from '../auth/buyer-account.js';
import { BuyerPanel } from '../auth/BuyerPanel.js';

/**
 * /login and /register with Buyer chosen (`?account=customer`, spec 001 §2): the one sign-in screen
 * with the buyer's calls, served from this remote so that a buyer never loads the seller's.
 */
const AuthPage: RemotePage<'mf_customer/AuthPage'> = ({ mode }) => (
  <AuthScreen mode={mode} account={buyerAccount} panel={<BuyerPanel />} />
);

export default AuthPage;
