import type { getSettings, ResponseOf } from '@onvelope/contracts';

/** The seller's account as GET /auth/settings answers it: what every settings tab shows or edits. */
export type Account = ResponseOf<typeof getSettings>['account'];

/** What a tab that saves the account tells the page: the saved account, or the failure. */
export interface TabProps {
  onSaved: (account: Account) => void;
  onFailed: (error: unknown) => void;
}
