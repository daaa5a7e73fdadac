import { useEffect, useId, useRef, useState } from 'react';
import {
  carrierNames,
  countBulkSelection,
  getBulkJob,
  listBulkOutcomes,
  parseTrackingList,
  startBulkJob,
  type BulkAction,
  type BulkJob,
  type BulkSelection,
} from '@onvelope/contracts';
import { detailMessages, failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field } from '../components/Field.js';
import { Modal } from '../components/Modal.js';
import { ProgressLine } from '../components/ProgressLine.js';
import { bulkProgressText, ordersText } from '../domain/bulk-selection.js';

/** How often the dialog asks how far the job has got. */
const pollMs = 1_000;
/** The skipped orders listed once it is done; the rest are counted. */
const SKIPPED_SHOWN = 50;

interface BulkDialogProps {
  action: BulkJob['action'];
  selection: BulkSelection;
  /** The ship action's list to start from: a line per ticked order. */
  listTemplate: string;
  onClose: (changed: boolean) => void;
}

type Skipped = { orderNumber: string; reason: string | null }[];

/**
 * A bulk action from confirmation to outcome (issue 38 item 5): the count of orders it reaches
 * (asked of the service), for ship the courier and the "order number, tracking number" list
 * (typed, pasted or read from a file, its bad lines shown before anything starts), then the job's
 * progress and what it did, with the skipped orders and why.
 */
export function BulkDialog({ action, selection, listTemplate, onClose }: BulkDialogProps) {
  const [total, setTotal] = useState<number | null>(null);
  const [courier, setCourier] = useState('');
  const [list, setList] = useState(listTemplate);
  const [failure, setFailure] = useState<string | null>(null);
  const [job, setJob] = useState<BulkJob | null>(null);
  const [skipped, setSkipped] = useState<Skipped>([]);
  const open = useRef(true);
  const couriersId = useId();
  const listErrors = action === 'ship' ? parseTrackingList(list).errors : [];

  useEffect(() => {
    open.current = true;
    merchantApi
      .call(countBulkSelection, { body: { selection } })
      .then(({ count: found }) => setTotal(found))
      .catch((error: unknown) =>
        setFailure(failureMessage(error, 'The selected orders could not be counted')),
      );
    return () => {
      open.current = false;
    };
  }, [selection]);

  const actionBody = (): BulkAction =>
    action === 'ship' ? { kind: 'ship', courier, trackingList: list } : { kind: 'delete' };

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
      if (current.skipped > 0) {
        const answer = await merchantApi.call(listBulkOutcomes, {
          params: { jobId: current.id },
          query: { outcome: 'skipped', limit: SKIPPED_SHOWN, page: 1 },
        });
        setSkipped(answer.outcomes);
      }
    } catch (error) {
      setFailure(detailMessages(error) ?? failureMessage(error, 'The bulk action failed'));
    }
  };

  const readFile = async (file: File | undefined) => {
    if (file) setList(await file.text());
  };

  const finished = job && job.status !== 'running';
  const title = action === 'ship' ? 'Ship the selected orders' : 'Delete the selected orders';
  return (
    <Modal title={title} onClose={() => onClose(job !== null)} testId="bulk-dialog" wide>
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
          <p data-testid="bulk-confirm-count">
            {total === null
              ? 'Counting the selected orders…'
              : action === 'ship'
                ? `Ship ${ordersText(total)} with one courier. Orders without a tracking number in the list are skipped.`
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
          <div className="me-form__actions">
            <button
              type="submit"
              className={action === 'delete' ? 'ov-button ov-button--danger' : 'ov-button'}
              disabled={!total || listErrors.length > 0 || (action === 'ship' && !courier.trim())}
              data-testid="bulk-start"
            >
              {action === 'ship'
                ? `Ship ${ordersText(total ?? 0)}`
                : `Delete ${ordersText(total ?? 0)}`}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={() => onClose(false)}
            >
              Cancel
            </button>
          </div>
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
      {finished && (
        <div data-testid="bulk-outcome">
          <p
            className={
              job.status === 'done' ? 'ov-alert me-alert--success' : 'ov-alert ov-alert--error'
            }
            role="status"
            data-testid="bulk-outcome-message"
          >
            {job.message}
          </p>
          {skipped.length > 0 && (
            <>
              <p>Skipped{job.skipped > skipped.length ? ` (the first ${skipped.length})` : ''}:</p>
              <ul className="me-bulk-errors" data-testid="bulk-skipped">
                {skipped.map((outcome) => (
                  <li key={outcome.orderNumber}>{outcome.reason}</li>
                ))}
              </ul>
            </>
          )}
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button"
              onClick={() => onClose(true)}
              data-testid="bulk-done"
            >
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
