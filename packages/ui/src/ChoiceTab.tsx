import type { ReactNode } from 'react';
import './choice-tab.css';

interface ChoiceTabProps {
  selected: boolean;
  onSelect: () => void;
  testId: string;
  /** The choice's name; a `<span>` in it is the hint under the name. */
  children: ReactNode;
}

/**
 * One tab of a `role="tablist"`: the Seller / Buyer choice, the account settings' tabs.
 *
 * @example <ChoiceTab selected={tab === 'email'} onSelect={() => setTab('email')} testId="settings-tab-email">EMAIL</ChoiceTab>
 */
export function ChoiceTab({ selected, onSelect, testId, children }: ChoiceTabProps) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      className={selected ? 'ov-choice-tab ov-choice-tab--active' : 'ov-choice-tab'}
      onClick={onSelect}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
