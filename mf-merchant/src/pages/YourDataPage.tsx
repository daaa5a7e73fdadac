import { useState } from 'react';
import { accessReasonBanners } from '@onvelope/contracts';
import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { useSubscription } from '../billing/use-subscription.js';
import { DatabaseManagement } from '../dashboard/DatabaseManagement.js';
import { ReportsPanel } from '../reports/ReportsPanel.js';
import './merchant.css';
import './workspace.css';

type Panel = 'reports' | 'database' | null;

/**
 * /your-data (issue 38 item 1): the seller's orders stay theirs when the workspace closes (trial
 * over, subscription ended). Reports with the csv / xlsx / pdf exports and Manage Database are
 * open without a subscription (contracts `openWithoutSubscription`), so this page makes no call
 * that a closed workspace refuses, and a closed account can always take its data or delete it.
 */
const YourDataPage: RemotePage<'mf_merchant/YourDataPage'> = () => {
  const [panel, setPanel] = useState<Panel>(null);
  const { subscription } = useSubscription({ confirmPayment: false, withPortal: false });
  const closedBecause = subscription?.reason ?? null;
  return (
    <main className="ov-page me-page" data-testid="your-data-page">
      {closedBecause ? (
        <Link to="/pricing" className="ov-button ov-button--secondary me-back">
          Choose a plan
        </Link>
      ) : (
        <Link to="/dashboard" className="ov-button ov-button--secondary me-back">
          Back to Dashboard
        </Link>
      )}
      <h1>Your data</h1>
      {closedBecause && (
        <p className="ov-alert ov-alert--info" role="status" data-testid="your-data-closed">
          {accessReasonBanners[closedBecause]} Your orders are kept, read-only: you can still search
          and export them, or delete them.
        </p>
      )}
      <p className="me-lead">
        Search your orders and export them as CSV, Excel or PDF, or delete what you imported or
        synced. This page stays open whatever your plan.
      </p>
      <div className="me-your-data">
        <button
          type="button"
          className="ov-button"
          onClick={() => setPanel('reports')}
          data-testid="your-data-reports"
        >
          Reports and export
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => setPanel('database')}
          data-testid="your-data-database"
        >
          Manage Database
        </button>
      </div>
      {panel === 'reports' && <ReportsPanel onClose={() => setPanel(null)} />}
      {panel === 'database' && (
        <DatabaseManagement onCleared={() => undefined} onClose={() => setPanel(null)} />
      )}
    </main>
  );
};

export default YourDataPage;
