import { TimeText } from '@onvelope/ui';
import type { Account } from './settings-account.js';

/**
 * spec 001 §2: plan (upper-cased), member since, last login. The plan is its name ('PRO MONTHLY'),
 * the subscription's when it has loaded, else the catalogue's for the account's plan id.
 */
export function AccountInformation({
  account,
  planName,
}: {
  account: Account;
  planName: string | null;
}) {
  return (
    <dl className="me-account-info" data-testid="account-information">
      <div>
        <dt>Plan</dt>
        <dd data-testid="account-plan">{(planName ?? 'none').toUpperCase()}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd data-testid="account-member-since">
          <TimeText value={account.createdAt} />
        </dd>
      </div>
      {account.lastLoginAt && (
        <div>
          <dt>Last login</dt>
          <dd data-testid="account-last-login">
            <TimeText value={account.lastLoginAt} />
          </dd>
        </div>
      )}
    </dl>
  );
}
