import { useState } from 'react';
import {
  createKeywordRule,
  defaultRuleMessages,
  keywordRuleInput,
  type KeywordRule,
  previewKeywordRule,
  type ResponseOf,
  updateKeywordRule,
} from '@onvelope/contracts';
import { failureMessage, useContractForm } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import {
  matchTypeLabels,
  ruleActionLabels,
  type KeywordMatchType,
  type KeywordRuleAction,
  type RuleForm,
} from '../shared/forms.js';
import {
  appliesToText,
  firstProblemOf,
  ruleBodyOf,
  ruleTitle,
  type ConditionsForm,
  type RuleEditorForm,
} from './rule-conditions.js';
import { saveFailure } from '../shared/workspace-messages.js';
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
  // One message for the form's first problem: once the seller has tried to save or preview, every
  // change checks the form again, so the message goes (or moves on to the next problem) at once.
  const {
    values: form,
    errors,
    set,
    check,
    busy,
    handleSubmit,
  } = useContractForm(
    keywordRuleInput,
    { ...initial, conditions: initialConditions },
    { bodyOf: ruleBodyOf, recheckAll: true },
  );
  const [saveError, setSaveError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const formProblem = firstProblemOf(errors);
  const problem = saveError ?? formProblem?.message;
  const appliesTo = appliesToText(form);
  const update = <N extends keyof RuleEditorForm>(name: N, value: RuleEditorForm[N]) => {
    set(name, value);
    setPreview(null);
    setPreviewError(null);
    setSaveError(null);
  };

  const save = async (body: ReturnType<typeof ruleBodyOf>) => {
    const { rule } = editing
      ? await merchantApi.call(updateKeywordRule, { params: { id: editing.id }, body })
      : await merchantApi.call(createKeywordRule, { body });
    onSaved(rule);
  };

  const runPreview = async () => {
    setSaveError(null);
    const body = check();
    if (!body) return;
    setPreviewError(null);
    try {
      setPreview(await merchantApi.call(previewKeywordRule, { body }));
    } catch (error) {
      setPreviewError(failureMessage(error, 'Failed to preview the rule'));
    }
  };

  return (
    <form
      className="me-form me-rule-form"
      noValidate
      onSubmit={(event) => {
        setSaveError(null);
        handleSubmit(save, (error) => setSaveError(saveFailure(error)))(event);
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
          onChange={(keyword) => update('keyword', keyword)}
          invalid={formProblem?.at === 'keyword'}
        />
        <label className="ov-field me-field">
          <span>Action</span>
          <select
            value={form.action}
            onChange={(event) => update('action', event.target.value as KeywordRuleAction)}
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
        onChange={(customMessage) => update('customMessage', customMessage)}
        vocabulary={vocabulary}
        required={form.action === 'add_message'}
        defaultMessage={defaultRuleMessages[form.action]}
        invalid={formProblem?.at === 'customMessage'}
      />
      <div className="me-form__row">
        <label className="ov-field me-field">
          <span>Match</span>
          <select
            value={form.matchType}
            onChange={(event) => update('matchType', event.target.value as KeywordMatchType)}
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
            onChange={(event) => update('caseSensitive', event.target.checked)}
            data-testid="rule-case-sensitive"
          />
          Case sensitive
        </label>
      </div>
      <RuleConditions value={form.conditions} onChange={(next) => update('conditions', next)} />
      <p className="me-rule-sentence" aria-live="polite" data-testid="rule-sentence">
        {appliesTo ??
          'Enter a keyword or add a condition to say which orders this rule applies to.'}
      </p>
      <div className="me-form__actions">
        <button type="submit" className="ov-button" disabled={busy} data-testid="rule-save">
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
