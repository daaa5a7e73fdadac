import { ruleSentence, type KeywordRule } from '@onvelope/contracts';
import { matchTypeLabels, ruleActionLabels } from '../shared/forms.js';
import { ruleTitle } from './rule-conditions.js';

interface RuleListProps {
  rules: KeywordRule[];
  onEdit: (rule: KeywordRule) => void;
  onDelete: (rule: KeywordRule) => void;
}

/**
 * spec 000 §2: the list of rules with edit and delete, in the order they apply. A rule with
 * conditions (issue 38 item 7) is named by its keyword, else by what it tests, and says in full
 * which orders it applies to, as the editor does.
 */
export function RuleList({ rules, onEdit, onDelete }: RuleListProps) {
  if (rules.length === 0) {
    return <p className="me-muted">No rules yet. Create one above.</p>;
  }
  return (
    <ul className="me-rule-list" data-testid="rule-list">
      {rules.map((rule) => (
        <li key={rule.id} className="me-rule" data-testid="rule-item">
          <div>
            <strong data-testid="rule-item-keyword">{ruleTitle(rule)}</strong>{' '}
            {rule.keyword && (
              <span className="me-muted">
                {matchTypeLabels[rule.matchType]}
                {rule.caseSensitive ? ', case sensitive' : ''}
              </span>
            )}
            {rule.conditions?.length ? (
              <div className="me-rule__sentence" data-testid="rule-item-sentence">
                Applies to orders where {ruleSentence(rule)}
              </div>
            ) : null}
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
