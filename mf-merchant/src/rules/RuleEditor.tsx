import { useState } from 'react';
import {
  createKeywordRule,
  defaultRuleMessages,
  type KeywordRule,
  previewKeywordRule,
  type ResponseOf,
  updateKeywordRule,
} from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import {
  matchTypeLabels,
  ruleActionLabels,
  ruleInputOf,
  type KeywordMatchType,
  type KeywordRuleAction,
  type RuleForm,
} from '../shared/forms.js';
import {
  appliesToText,
  conditionsInputOf,
  ruleEditorProblem,
  ruleTitle,
  type ConditionsForm,
} from './rule-conditions.js';
import { saveFailure, workspaceMessages } from '../shared/workspace-messages.js';
import { KeywordInput } from './KeywordInput.js';
import { MessageInput } from './MessageInput.js';
import { RuleConditions } from './RuleConditions.js';

type Preview = ResponseOf<typeof previewKeywordRule>;

interface RuleEditorProps {
  /** The rule being edited, or null to create one (spec 000 §4: create mode and edit mode). */
  editing: KeywordRule | null;
  initial: RuleForm;
  initialConditions: ConditionsForm;
  vocabulary: string[];
  onSaved: (rule: KeywordRule) => void;
  onCancelEdit: () => void;
}

/** The create/edit form, with a preview of the existing orders the rule would match. */
export function RuleEditor({
  editing,
  initial,
  initialConditions,
  vocabulary,
  onSaved,
  onCancelEdit,
}: RuleEditorProps) {
  const [form, setForm] = useState<RuleForm>(initial);
  const [conditions, setConditions] = useState<ConditionsForm>(initialConditions);
  // Once the seller has tried to save or preview, the form is checked again on every change, so a
  // message goes (or moves on to the next problem) as the field is fixed.
  const [attempted, setAttempted] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const formProblem = attempted ? ruleEditorProblem(form, conditions) : null;
  const problem = saveError ?? formProblem;
  const appliesTo = appliesToText(form, conditions);
  const changed = () => {
    setPreview(null);
    setPreviewError(null);
    setSaveError(null);
  };
  const update = (change: Partial<RuleForm>) => {
    setForm({ ...form, ...change });
    changed();
  };
  const updateConditions = (next: ConditionsForm) => {
    setConditions(next);
    changed();
  };
  const bodyOf = () => ({ ...ruleInputOf(form), ...conditionsInputOf(conditions) });

  const validate = () => {
    setAttempted(true);
    setSaveError(null);
    return ruleEditorProblem(form, conditions) === null;
  };

  const save = async () => {
    if (!validate()) return;
    setSaving(true);
    try {
      const body = bodyOf();
      const { rule } = editing
        ? await merchantApi.call(updateKeywordRule, { params: { id: editing.id }, body })
        : await merchantApi.call(createKeywordRule, { body });
      onSaved(rule);
    } catch (error) {
      setSaveError(saveFailure(error));
    } finally {
      setSaving(false);
    }
  };

  const runPreview = async () => {
    if (!validate()) return;
    setPreviewError(null);
    try {
      setPreview(await merchantApi.call(previewKeywordRule, { body: bodyOf() }));
    } catch (error) {
      setPreviewError(failureMessage(error, 'Failed to preview the rule'));
    }
  };

  return (
    <form
      className="me-form me-rule-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="rule-form"
    >
      <h3>{editing ? `Edit rule “${ruleTitle(editing)}”` : 'New rule'}</h3>
      {problem && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="rule-form-error">
          {problem}
        </p>
      )}
      <div className="me-form__row">
        <KeywordInput
          value={form.keyword}
          onChange={(keyword) => update({ keyword })}
          invalid={formProblem === workspaceMessages.keywordRequired}
        />
        <label className="ov-field me-field">
          <span>Action</span>
          <select
            value={form.action}
            onChange={(event) => update({ action: event.target.value as KeywordRuleAction })}
            data-testid="rule-action"
          >
            {Object.entries(ruleActionLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <MessageInput
        value={form.customMessage}
        onChange={(customMessage) => update({ customMessage })}
        vocabulary={vocabulary}
        required={form.action === 'add_message'}
        defaultMessage={defaultRuleMessages[form.action]}
        invalid={formProblem === workspaceMessages.customMessageRequired}
      />
      <div className="me-form__row">
        <label className="ov-field me-field">
          <span>Match</span>
          <select
            value={form.matchType}
            onChange={(event) => update({ matchType: event.target.value as KeywordMatchType })}
            data-testid="rule-match-type"
          >
            {Object.entries(matchTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="me-inline-field me-inline-field--end">
          <input
            type="checkbox"
            checked={form.caseSensitive}
            onChange={(event) => update({ caseSensitive: event.target.checked })}
            data-testid="rule-case-sensitive"
          />
          Case sensitive
        </label>
      </div>
      <RuleConditions value={conditions} onChange={updateConditions} />
      <p className="me-rule-sentence" aria-live="polite" data-testid="rule-sentence">
        {appliesTo ??
          'Enter a keyword or add a condition to say which orders this rule applies to.'}
      </p>
      <div className="me-form__actions">
        <button type="submit" className="ov-button" disabled={saving} data-testid="rule-save">
          {editing ? 'Update Rule' : 'Create Rule'}
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => void runPreview()}
          data-testid="rule-preview"
        >
          Preview matches
        </button>
        {editing && (
          <button type="button" className="ov-button ov-button--secondary" onClick={onCancelEdit}>
            Cancel edit
          </button>
        )}
      </div>
      {previewError && (
        <p className="ov-alert ov-alert--error" role="alert">
          {previewError}
        </p>
      )}
      {preview && (
        <div className="me-rule-preview" data-testid="rule-preview-result">
          <p>
            <strong>
              Would match {preview.matchCount} {preview.matchCount === 1 ? 'order' : 'orders'}
            </strong>
            {preview.sample.length > 0 && preview.sample.length < preview.matchCount
              ? ` (the newest ${preview.sample.length} shown)`
              : ''}
          </p>
          <ul>
            {preview.sample.map((match) => (
              <li key={match.orderNumber}>
                <strong>{match.orderNumber}</strong> — {match.explanation}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
