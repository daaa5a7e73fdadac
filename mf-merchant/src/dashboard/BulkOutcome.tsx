import { useEffect, useState } from 'react';
import { listBulkOutcomes, type BulkJob } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { formatCount as count } from '../shared/display-format.js';

/** Skipped orders read at a time; "Show more" reads the next ones. */
export const SKIPPED_PAGE = 100;

type Skipped = { orderNumber: string; reason: string | null }[];

/**
 * How a bulk action ended: its message and every order it skipped, with why, a page at a time
 * ("Show more" until all are listed), so a seller with hundreds skipped can see each one.
 */
export function BulkOutcome({ job, onDone }: { job: BulkJob; onDone: () => void }) {
  const [skipped, setSkipped] = useState<Skipped>([]);
  const [page, setPage] = useState(job.skipped > 0 ? 1 : 0);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (page === 0) return;
    let open = true;
    merchantApi
      .call(listBulkOutcomes, {
        params: { jobId: job.id },
        query: { outcome: 'skipped', limit: SKIPPED_PAGE, page },
      })
      .then((answer) => {
        if (open) setSkipped((shown) => [...shown, ...answer.outcomes]);
      })
      .catch((error: unknown) => {
        if (open) setFailure(failureMessage(error, 'The skipped orders could not be listed'));
      });
    return () => {
      open = false;
    };
  }, [job.id, page]);

  const more = job.skipped - skipped.length;
  return (
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
          <p>
            Skipped
            {more > 0 ? ` (${count(skipped.length)} of ${count(job.skipped)} shown)` : ''}:
          </p>
          <ul className="me-bulk-errors me-bulk-skipped" data-testid="bulk-skipped">
            {skipped.map((outcome) => (
              <li key={outcome.orderNumber}>{outcome.reason}</li>
            ))}
          </ul>
        </>
      )}
      {failure && (
        <p className="ov-alert ov-alert--error" role="alert">
          {failure}
        </p>
      )}
      <div className="me-form__actions">
        {more > 0 && skipped.length === page * SKIPPED_PAGE && (
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={() => setPage(page + 1)}
            data-testid="bulk-skipped-more"
          >
            Show {count(Math.min(more, SKIPPED_PAGE))} more
          </button>
        )}
        <button type="button" className="ov-button" onClick={onDone} data-testid="bulk-done">
          Done
        </button>
      </div>
    </div>
  );
}
