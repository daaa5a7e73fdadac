import { useNavigate, useSearchParams } from '@onvelope/router';
import { ChoiceTab } from '../ChoiceTab.js';
import type { AccountKind } from '../session.js';
import { authPagePath, type AuthMode } from './auth-form.js';

/**
 * The Seller / Buyer choice. Each kind's screen comes from its own remote, so choosing the other
 * opens its address (`?account=customer` for Buyer) and the shell serves that remote's screen.
 */
export function AccountChoice({ mode, account }: { mode: AuthMode; account: AccountKind }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();

  // The rest of the address stays (a seller's `?return=` from the pricing page).
  function choose(kind: AccountKind) {
    const next = new URLSearchParams(search);
    if (kind === 'customer') next.set('account', 'customer');
    else next.delete('account');
    const query = next.toString();
    void navigate(`${authPagePath(mode, 'merchant')}${query ? `?${query}` : ''}`);
  }

  const option = (kind: AccountKind, label: string, hint: string) => (
    <ChoiceTab
      selected={account === kind}
      onSelect={() => {
        if (kind !== account) choose(kind);
      }}
      testId={`account-${kind}`}
    >
      <strong>{label}</strong>
      <span>{hint}</span>
    </ChoiceTab>
  );
  return (
    <div className="ov-auth__choice" role="tablist" aria-label="Account type">
      {option('merchant', 'Seller', 'I sell online and ship orders')}
      {option('customer', 'Buyer', 'I bought something and track it')}
    </div>
  );
}
