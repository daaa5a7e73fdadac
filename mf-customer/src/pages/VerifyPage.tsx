import { VerifyScreen, type RemotePage } from '@onvelope/ui';
import { buyerAccount } from '../auth/buyer-account.js';

/** /verify for a buyer's email (spec 001 §2, §4): the shell serves it while a buyer's code waits. */
const VerifyPage: RemotePage<'mf_customer/VerifyPage'> = () => (
  <VerifyScreen account={buyerAccount} />
);

export default VerifyPage;
