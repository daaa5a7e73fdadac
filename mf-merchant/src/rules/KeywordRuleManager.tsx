import { useEffect, useMemo, useRef, useState } from 'react';
import {
  applyKeywordRules,
  clearKeywordRules,
  deleteKeywordRule,
  getRuleApplyJob,
  type KeywordRule,
  listKeywordRules,
  previewRuleApply,
  type RuleApplyJob,
  type RuleApplyPreview,
} from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { ProgressLine } from '../components/ProgressLine.js';
import { applyProgressText } from './rule-apply-progress.js';
import {
  applyConfirmation,
  clearAllConfirmation,
  deleteConfirmation,
  sampleLine,
} from './rule-confirmations.js';
import { emptyRuleForm, type RuleForm } from '../shared/forms.js';
import { conditionsFormOf, emptyConditionsForm, ruleTitle } from './rule-conditions.js';
import { messageVocabulary } from './suggestions.js';
import { RuleEditor } from './RuleEditor.js';
import { RuleConfirmDialog } from './RuleConfirmDialog.js';
import { RuleList } from './RuleList.js';
import { RuleTestBox } from './RuleTestBox.js';
import './rules.css';

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

const applyPollMs = 1_000;

/** What the manager is asking the seller to confirm. */
type Confirmation =
  | { kind: 'apply'; preview: RuleApplyPreview }
  | { kind: 'delete'; rule: KeywordRule }
  | { kind: 'clear'; ruleCount: number };

function dialogOf(confirmation: Confirmation) {
  switch (confirmation.kind) {
    case 'apply':
      return {
        text: applyConfirmation(confirmation.preview),
        examples: confirmation.preview.sample.map(sampleLine),
      };
    case 'delete':
      return { text: deleteConfirmation(ruleTitle(confirmation.rule)) };
    case 'clear':
      return { text: clearAllConfirmation(confirmation.ruleCount) };
  }
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
  const [applying, setApplying] = useState<RuleApplyJob | null>(null);
  const [counting, setCounting] = useState(false);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  // Polling stops when the manager closes.
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

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
    setNotice(exists ? `Rule “${ruleTitle(rule)}” updated.` : `Rule “${ruleTitle(rule)}” created.`);
    startEditing(null);
  };

  const remove = async (rule: KeywordRule) => {
    try {
      await merchantApi.call(deleteKeywordRule, { params: { id: rule.id } });
      replaceRules((rules ?? []).filter((candidate) => candidate.id !== rule.id));
      if (editing?.id === rule.id) startEditing(null);
      setNotice(`Rule “${ruleTitle(rule)}” deleted.`);
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to delete the rule'));
    }
  };

  const clearAll = async () => {
    try {
      const { message } = await merchantApi.call(clearKeywordRules);
      replaceRules([]);
      startEditing(null);
      setNotice(`${message}.`);
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to clear the rules'));
    }
  };

  /** Asks the service what applying would change, then asks the seller. */
  const askToApply = async () => {
    setNotice(null);
    setCounting(true);
    try {
      setConfirming({ kind: 'apply', preview: await merchantApi.call(previewRuleApply) });
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to count the orders the rules would change'));
    } finally {
      setCounting(false);
    }
  };

  /** Starts the job, then reads how far it has got every second until it ends. */
  const apply = async () => {
    setNotice(null);
    try {
      let { job } = await merchantApi.call(applyKeywordRules);
      setApplying(job);
      while (job.status === 'running' && open.current) {
        await new Promise((resolve) => setTimeout(resolve, applyPollMs));
        ({ job } = await merchantApi.call(getRuleApplyJob, { params: { jobId: job.id } }));
        setApplying(job);
      }
      setNotice(job.message);
      if (job.changed > 0) onOrdersChanged();
    } catch (error) {
      setNotice(failureMessage(error, 'Failed to apply the rules'));
    } finally {
      setApplying(null);
    }
  };

  const confirm = async (confirmation: Confirmation) => {
    if (confirmation.kind === 'apply') {
      setConfirming(null);
      void apply();
      return;
    }
    setConfirmBusy(true);
    if (confirmation.kind === 'delete') await remove(confirmation.rule);
    else await clearAll();
    setConfirmBusy(false);
    setConfirming(null);
  };

  const cancelConfirmation = () => {
    if (!confirmBusy) setConfirming(null);
  };

  const dialog = confirming ? dialogOf(confirming) : null;
  return (
    <>
      <Modal
        title="Custom messages"
        // Escape reaches both dialogs: while one asks, it closes only that one.
        onClose={confirming ? cancelConfirmation : onClose}
        testId="rules-modal"
        wide
      >
        <p className="me-muted">
          A rule matches the Items of an order (its keyword), other fields of the order (its
          conditions) or both, and adds a message for the buyer or sets its status. Rules apply to
          every imported order, in the order listed.
        </p>
        <RuleTestBox />
        <RuleEditor
          key={editorKey}
          editing={editing}
          initial={editing ? formOf(editing) : emptyRuleForm}
          initialConditions={editing ? conditionsFormOf(editing) : emptyConditionsForm}
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
          <div className="me-rule__actions">
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => void askToApply()}
              disabled={applying !== null || counting || !rules}
              data-testid="rules-apply"
            >
              {applying ? 'Applying…' : counting ? 'Counting…' : 'Apply rules to existing orders'}
            </button>
            {rules && rules.length > 0 && (
              <button
                type="button"
                className="ov-button ov-button--secondary me-danger"
                onClick={() => setConfirming({ kind: 'clear', ruleCount: rules.length })}
                disabled={applying !== null}
                data-testid="rules-clear-all"
              >
                Clear all rules
              </button>
            )}
          </div>
        </div>
        {applying && (
          <ProgressLine
            value={applying.examined}
            max={Math.max(1, applying.total)}
            label="Rules applied so far"
            text={applyProgressText(applying)}
            testId="rules-apply-progress"
          />
        )}
        {loadError && (
          <p className="ov-alert ov-alert--error" role="alert">
            {loadError}
          </p>
        )}
        {rules && (
          <RuleList
            rules={rules}
            onEdit={(rule) => startEditing(rule)}
            onDelete={(rule) => setConfirming({ kind: 'delete', rule })}
          />
        )}
      </Modal>
      {confirming && dialog && (
        <RuleConfirmDialog
          text={dialog.text}
          examples={dialog.examples}
          busy={confirmBusy}
          onConfirm={() => void confirm(confirming)}
          onCancel={cancelConfirmation}
        />
      )}
    </>
  );
}
