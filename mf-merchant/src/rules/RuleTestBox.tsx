import { useState } from 'react';
import {
  countryNames,
  type ResponseOf,
  testKeywordRules,
  trackingEntryStatuses,
} from '@onvelope/contracts';
import { failureMessage, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { statusLabel } from '../shared/display-format.js';
import { ruleActionLabels } from '../shared/forms.js';

type TestResult = ResponseOf<typeof testKeywordRules>;

/** The rest of the imagined order, as typed; a blank field is one the order lacks. */
interface TestOrder {
  buyerName: string;
  buyerEmail: string;
  country: string;
  courier: string;
  status: string;
  total: string;
}

const blankOrder: TestOrder = {
  buyerName: '',
  buyerEmail: '',
  country: '',
  courier: '',
  status: '',
  total: '',
};

const countryChoices = Object.entries(countryNames).sort(([, a], [, b]) => a.localeCompare(b));

/** The request's order: only the fields the seller filled in. */
function orderOf(order: TestOrder) {
  const text = (value: string) => value.trim() || undefined;
  const total = Number(order.total.trim());
  return {
    buyerName: text(order.buyerName),
    buyerEmail: text(order.buyerEmail),
    country: text(order.country),
    courier: text(order.courier),
    status: trackingEntryStatuses.find((status) => status === order.status),
    total: order.total.trim() && Number.isFinite(total) ? total : undefined,
  };
}

/** spec 000 §2: enter an item name and see which rules apply and the message, status and date. */
export function RuleTestBox() {
  const [itemName, setItemName] = useState('');
  const [order, setOrder] = useState<TestOrder>(blankOrder);
  const field = (name: keyof TestOrder) => ({
    value: order[name],
    onChange: (event: { target: { value: string } }) =>
      setOrder({ ...order, [name]: event.target.value }),
  });
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  const run = async () => {
    setTesting(true);
    setError(null);
    try {
      setResult(
        await merchantApi.call(testKeywordRules, { body: { itemName, order: orderOf(order) } }),
      );
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
        <details className="me-rule-test__order">
          <summary>More about the order, for rules with conditions</summary>
          <div className="me-rule-test__fields">
            <input {...field('buyerName')} placeholder="Buyer name" aria-label="Buyer name" />
            <input
              {...field('buyerEmail')}
              placeholder="Buyer e-mail"
              aria-label="Buyer e-mail"
              type="email"
            />
            <select {...field('country')} aria-label="Country">
              <option value="">Country</option>
              {countryChoices.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            <input {...field('courier')} placeholder="Courier" aria-label="Courier" />
            <select {...field('status')} aria-label="Status">
              <option value="">Status</option>
              {trackingEntryStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
            <input
              {...field('total')}
              placeholder="Total"
              aria-label="Total"
              type="number"
              inputMode="decimal"
              step="any"
            />
          </div>
        </details>
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
