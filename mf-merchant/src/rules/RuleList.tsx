import type { KeywordRule } from '@onvelope/contracts';
import { matchTypeLabels, ruleActionLabels } from '../domain/forms.js';

interface RuleListProps {
  rules: KeywordRule[];
  onEdit: (rule: KeywordRule) => void;
  onDelete: (rule: KeywordRule) => void;
}

/** spec 000 §2: the list of rules with edit and delete, in the order they apply. */
export function RuleList({ rules, onEdit, onDelete }: RuleListProps) {
  if (rules.length === 0) {
    return <p className="me-muted">No rules yet. Create one above.</p>;
  }
  return (
    <ul className="me-rule-list" data-testid="rule-list">
      {rules.map((rule) => (
        <li key={rule.id} className="me-rule" data-testid="rule-item">
          <div>
            <strong data-testid="rule-item-keyword">{rule.keyword}</strong>{' '}
            <span className="me-muted">
              {matchTypeLabels[rule.matchType]}
              {rule.caseSensitive ? ', case sensitive' : ''}
            </span>
            <div>{ruleActionLabels[rule.action]}</div>
            {rule.customMessage && <div className="me-rule__message">“{rule.customMessage}”</div>}
          </div>
          <div className="me-rule__actions">
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => onEdit(rule)}
              data-testid="rule-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary me-danger"
              onClick={() => onDelete(rule)}
              data-testid="rule-delete"
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
