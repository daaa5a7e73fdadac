import { useState } from 'react';
import { type ResponseOf, testKeywordRules } from '@onvelope/contracts';
import { failureMessage, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { statusLabel } from '../domain/display-format.js';
import { ruleActionLabels } from '../domain/forms.js';

type TestResult = ResponseOf<typeof testKeywordRules>;

/** spec 000 §2: enter an item name and see which rules apply and the message, status and date. */
export function RuleTestBox() {
  const [itemName, setItemName] = useState('');
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  const run = async () => {
    setTesting(true);
    setError(null);
    try {
      setResult(await merchantApi.call(testKeywordRules, { body: { itemName } }));
    } catch (failure) {
      setResult(null);
      setError(failureMessage(failure, 'Failed to test the rules'));
    } finally {
      setTesting(false);
    }
  };

  return (
    <section className="me-rule-test" aria-label="Test your rules">
      <h3>Test your rules</h3>
      <form
        className="me-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (itemName.trim()) void run();
        }}
      >
        <input
          value={itemName}
          onChange={(event) => setItemName(event.target.value)}
          placeholder="An item name, e.g. Gift wrap"
          aria-label="Item name to test"
          data-testid="rule-test-input"
        />
        <button
          type="submit"
          className="ov-button ov-button--secondary"
          disabled={!itemName.trim() || testing}
          data-testid="rule-test-button"
        >
          Test
        </button>
      </form>
      {error && (
        <p className="ov-alert ov-alert--error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="me-rule-test__result" data-testid="rule-test-result">
          {result.appliedRules.length === 0 ? (
            <p>No rule applies to this item.</p>
          ) : (
            <ul>
              {result.appliedRules.map((rule) => (
                <li key={rule.id}>
                  <strong>{rule.keyword}</strong> ({ruleActionLabels[rule.action]}):{' '}
                  {rule.explanation}
                </li>
              ))}
            </ul>
          )}
          <dl className="me-inline-list">
            <dt>Message</dt>
            <dd data-testid="rule-test-message">{result.finalMessage ?? '—'}</dd>
            <dt>Status</dt>
            <dd data-testid="rule-test-status">
              {result.finalStatus ? statusLabel(result.finalStatus) : 'unchanged'}
            </dd>
            <dt>Date</dt>
            <dd>
              <TimeText value={result.finalDate} form="dateTime" />
            </dd>
          </dl>
        </div>
      )}
    </section>
  );
}
