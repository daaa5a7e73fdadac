import { useEffect, useId, useRef, useState } from 'react';
import {
  carrierNames,
  countBulkSelection,
  getBulkJob,
  listKeywordRules,
  parseTrackingList,
  startBulkJob,
  type BulkAction,
  type BulkJob,
  type BulkSelection,
  type KeywordRule,
} from '@onvelope/contracts';
import { detailMessages, failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import { ProgressLine } from '../components/ProgressLine.js';
import { bulkProgressText, ordersText, ruleConfirmText } from './bulk-selection.js';
import { ruleActionLabels } from '../shared/forms.js';
import { ruleTitle } from '../rules/rule-conditions.js';
import { BulkOutcome } from './BulkOutcome.js';
import { DialogActions } from '../components/DialogActions.js';

/** How often the dialog asks how far the job has got. */
const pollMs = 1_000;

const titles: Record<BulkJob['action'], string> = {
  ship: 'Ship the selected orders',
  delete: 'Delete the selected orders',
  apply_rule: 'Apply a keyword rule to the selected orders',
};

interface BulkDialogProps {
  action: BulkJob['action'];
  selection: BulkSelection;
  /** The ship action's list to start from: a line per ticked order. */
  listTemplate: string;
  onClose: (changed: boolean) => void;
}

/**
 * A bulk action from confirmation to outcome (issue 38 item 5): the count of orders it reaches
 * (asked of the service), for ship the courier and the "order number, tracking number" list
 * (typed, pasted or read from a file, its bad lines shown before anything starts), for apply rule
 * the rule and how many orders it would change (the service's dry run), then the job's progress
 * and what it did, with every skipped order and why.
 */
export function BulkDialog({ action, selection, listTemplate, onClose }: BulkDialogProps) {
  const [total, setTotal] = useState<number | null>(null);
  const [courier, setCourier] = useState('');
  const [list, setList] = useState(listTemplate);
  const [failure, setFailure] = useState<string | null>(null);
  const [job, setJob] = useState<BulkJob | null>(null);
  const [rules, setRules] = useState<KeywordRule[] | null>(null);
  const [ruleId, setRuleId] = useState('');
  // How many orders a rule would change, for the rule it was asked for (another may be chosen since).
  const [counted, setCounted] = useState<{ ruleId: string; changes: number } | null>(null);
  const open = useRef(true);
  const couriersId = useId();
  const listErrors = action === 'ship' ? parseTrackingList(list).errors : [];
  const rule = rules?.find((candidate) => candidate.id === ruleId) ?? null;
  const changes = counted?.ruleId === ruleId ? counted.changes : null;

  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  useEffect(() => {
    if (action !== 'apply_rule') return;
    merchantApi
      .call(listKeywordRules)
      .then((found) => {
        if (!open.current) return;
        setRules(found);
        setRuleId((chosen) => chosen || (found[0]?.id ?? ''));
      })
      .catch((error: unknown) => setFailure(failureMessage(error, 'Failed to load rules')));
  }, [action]);

  // The count, and with a rule chosen how many orders it would change: asked again for each rule.
  useEffect(() => {
    if (action === 'apply_rule' && !ruleId) return;
    let current = true;
    merchantApi
      .call(countBulkSelection, {
        body: { selection, ...(action === 'apply_rule' ? { ruleId } : {}) },
      })
      .then((answer) => {
        if (!current) return;
        setTotal(answer.count);
        if (answer.changes !== undefined) setCounted({ ruleId, changes: answer.changes });
      })
      .catch((error: unknown) =>
        setFailure(failureMessage(error, 'The selected orders could not be counted')),
      );
    return () => {
      current = false;
    };
  }, [selection, action, ruleId]);

  const actionBody = (): BulkAction => {
    if (action === 'ship') return { kind: 'ship', courier, trackingList: list };
    if (action === 'apply_rule') return { kind: 'apply_rule', ruleId };
    return { kind: 'delete' };
  };

  const start = async () => {
    setFailure(null);
    try {
      let { job: current } = await merchantApi.call(startBulkJob, {
        body: { selection, action: actionBody() },
      });
      setJob(current);
      while (current.status === 'running' && open.current) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        ({ job: current } = await merchantApi.call(getBulkJob, { params: { jobId: current.id } }));
        setJob(current);
      }
    } catch (error) {
      setFailure(detailMessages(error) ?? failureMessage(error, 'The bulk action failed'));
    }
  };

  const readFile = async (file: File | undefined) => {
    if (file) setList(await file.text());
  };

  const finished = job && job.status !== 'running';
  const ready =
    action === 'ship'
      ? listErrors.length === 0 && courier.trim() !== ''
      : action === 'apply_rule'
        ? (changes ?? 0) > 0
        : true;
  const startLabel = {
    ship: `Ship ${ordersText(total ?? 0)}`,
    delete: `Delete ${ordersText(total ?? 0)}`,
    apply_rule: `Apply to ${ordersText(changes ?? 0)}`,
  }[action];
  return (
    <Modal title={titles[action]} onClose={() => onClose(job !== null)} testId="bulk-dialog" wide>
      {failure && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="bulk-error">
          {failure}
        </p>
      )}
      {!job && (
        <form
          className="me-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          {action === 'apply_rule' && (
            <label className="me-field">
              <span>Rule</span>
              <select
                value={ruleId}
                onChange={(event) => setRuleId(event.target.value)}
                disabled={!rules?.length}
                data-testid="bulk-rule"
                autoFocus
              >
                {rules?.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {ruleTitle(candidate)} — {ruleActionLabels[candidate.action]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p data-testid="bulk-confirm-count">
            {action === 'apply_rule' && rules?.length === 0
              ? 'You have no keyword rules yet: add one under Keyword rules first.'
              : total === null || (action === 'apply_rule' && changes === null)
                ? 'Counting the selected orders…'
                : action === 'ship'
                  ? `Ship ${ordersText(total)} with one courier. Orders without a tracking number in the list are skipped.`
                  : action === 'apply_rule'
                    ? ruleConfirmText(rule ? ruleTitle(rule) : '', total, changes ?? 0)
                    : `Delete ${ordersText(total)}? This cannot be undone.`}
          </p>
          {action === 'ship' && (
            <>
              <Field
                label="Courier"
                value={courier}
                onChange={setCourier}
                testId="bulk-courier"
                list={couriersId}
                autoFocus
              />
              <datalist id={couriersId}>
                {carrierNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <label className="me-field">
                <span>Tracking numbers: one line per order, “order number, tracking number”</span>
                <textarea
                  className="me-bulk-list"
                  rows={8}
                  value={list}
                  onChange={(event) => setList(event.target.value)}
                  data-testid="bulk-tracking-list"
                  aria-invalid={listErrors.length > 0}
                />
              </label>
              <label className="me-field">
                <span>Or read the list from a file (.csv or .txt)</span>
                <input
                  type="file"
                  accept=".csv,.txt,text/csv,text/plain"
                  onChange={(event) => void readFile(event.target.files?.[0])}
                  data-testid="bulk-tracking-file"
                />
              </label>
              {listErrors.length > 0 && (
                <ul className="me-bulk-errors" role="alert" data-testid="bulk-list-errors">
                  {listErrors.map((error) => (
                    <li key={`${error.line}-${error.message}`}>{error.message}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          <DialogActions
            submit={startLabel}
            disabled={!total || !ready}
            testId="bulk-start"
            danger={action === 'delete'}
            onCancel={() => onClose(false)}
          />
        </form>
      )}
      {job && !finished && (
        <ProgressLine
          value={job.processed}
          max={Math.max(job.total, 1)}
          label="Bulk action progress"
          text={bulkProgressText(job)}
          testId="bulk-progress"
        />
      )}
      {finished && <BulkOutcome job={job} onDone={() => onClose(true)} />}
    </Modal>
  );
}
