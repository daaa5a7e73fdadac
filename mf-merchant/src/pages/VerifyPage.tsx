import { useMemo } from 'react';
import { VerifyScreen, type RemotePage } from '@onvelope/ui';
import { sellerAccount } from '../auth/seller-account.js';

/** /verify for a seller's email (spec 001 §2, §4); the shell serves a buyer's from mf-customer. */
const VerifyPage: RemotePage<'mf_merchant/VerifyPage'> = () => {
  const account = useMemo(() => sellerAccount(null), []);
  return <VerifyScreen account={account} />;
};

export default VerifyPage;
