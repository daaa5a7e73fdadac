import { useEffect, useMemo, useState } from 'react';
import {
  applyKeywordRules,
  deleteKeywordRule,
  type KeywordRule,
  listKeywordRules,
} from '@onvelope/contracts';
import { failureMessage, Modal } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { emptyRuleForm, type RuleForm } from '../domain/forms.js';
import { messageVocabulary } from '../domain/suggestions.js';
import { RuleEditor } from './RuleEditor.js';
import { RuleList } from './RuleList.js';
import { RuleTestBox } from './RuleTestBox.js';

interface KeywordRuleManagerProps {
  onRulesChanged: (count: number) => void;
  /** Orders changed (rules applied): the dashboard reloads its table and counters. */
  onOrdersChanged: () => void;
  onClose: () => void;
}

function formOf(rule: KeywordRule): RuleForm {
  return {
    keyword: rule.keyword,
    action: rule.action,
    customMessage: rule.customMessage ?? '',
    matchType: rule.matchType,
    caseSensitive: rule.caseSensitive,
  };
}

/** spec 000 §2 custom message manager: test box, create/edit form, rule list, apply to orders. */
export function KeywordRuleManager({
  onRulesChanged,
  onOrdersChanged,
  onClose,
}: KeywordRuleManagerProps) {
  const [rules, setRules] = useState<KeywordRule[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<KeywordRule | null>(null);
  // A new key gives the editor a fresh form: after a save, a new edit, or a cancelled edit.
  const [editorKey, setEditorKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  useEffect(() => {
    merchantApi
      .call(listKeywordRules)
      .then(setRules)
      .catch((error: unknown) => setLoadError(failureMessage(error, 'Failed to load rules')));
  }, []);

  const vocabulary = useMemo(
    () => messageVocabulary((rules ?? []).map((rule) => rule.customMessage)),
    [rules],
  );

  const replaceRules = (next: KeywordRule[]) => {
    setRules(next);
    onRulesChanged(next.length);
  };

  const startEditing = (rule: KeywordRule | null) => {
    setEditing(rule);
    setEditorKey((key) => key + 1);
  };

  const saved = (rule: KeywordRule) => {
    const current = rules ?? [];
    const exists = current.some((candidate) => candidate.id === rule.id);
    replaceRules(
      exists
        ? current.map((candidate) => (candidate.id === rule.id ? rule : candidate))
        : [...current, rule],
    );
    setNotice(exists ? `Rule “${rule.keyword}” updated.` : `Rule “${rule.keyword}” created.`);
    startEditing(null);
  };

  const remove = async (rule: KeywordRule) => {
    try {
      await merchantApi.call(deleteKeywordRule, { params: { id: rule.id } });
      replaceRules((rules ?? []).filter((candidate) => candidate.id !== rule.id));
      if (editing?.id === rule.id) startEditing(null);
      setNotice(`Rule “${rule.keyword}” deleted.`);
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to delete the rule'));
    }
  };

  const apply = async () => {
    setApplying(true);
    try {
      const answer = await merchantApi.call(applyKeywordRules);
      setNotice(answer.message);
      if (answer.changed > 0) onOrdersChanged();
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to apply the rules'));
    } finally {
      setApplying(false);
    }
  };

  return (
    <Modal
      classPrefix="me-modal"
      title="Custom messages"
      onClose={onClose}
      testId="rules-modal"
      wide
    >
      <p className="me-muted">
        A rule matches the Items of an order and adds a message for the buyer or sets its status.
        Rules apply to every imported order, in the order listed.
      </p>
      <RuleTestBox />
      <RuleEditor
        key={editorKey}
        editing={editing}
        initial={editing ? formOf(editing) : emptyRuleForm}
        vocabulary={vocabulary}
        onSaved={saved}
        onCancelEdit={() => startEditing(null)}
      />
      {notice && (
        <p className="ov-alert ov-alert--info" role="status" data-testid="rules-notice">
          {notice}
        </p>
      )}
      <div className="me-rules-head">
        <h3>Your rules {rules ? `(${rules.length})` : ''}</h3>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => void apply()}
          disabled={applying || !rules}
          data-testid="rules-apply"
        >
          {applying ? 'Applying…' : 'Apply rules to existing orders'}
        </button>
      </div>
      {loadError && (
        <p className="ov-alert ov-alert--error" role="alert">
          {loadError}
        </p>
      )}
      {rules && (
        <RuleList
          rules={rules}
          onEdit={(rule) => startEditing(rule)}
          onDelete={(rule) => void remove(rule)}
        />
      )}
    </Modal>
  );
}
