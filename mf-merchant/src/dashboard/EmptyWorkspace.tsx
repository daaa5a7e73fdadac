import { downloadCsvTemplate } from '../upload/csv-template.js';

/**
 * The dashboard of a seller with no orders yet: instead of an empty table, the ways to bring
 * orders in (upload a CSV, start from the template, connect a web store).
 */
export function EmptyWorkspace({
  onUpload,
  onConnectStore,
}: {
  onUpload: () => void;
  onConnectStore: () => void;
}) {
  return (
    <div className="me-empty" data-testid="empty-workspace">
      <h2 data-testid="table-empty">No orders yet</h2>
      <p className="me-muted">
        Bring your orders in from a CSV file (any store's order export, or our template) or connect
        your web store to sync them.
      </p>
      <div className="me-empty__actions">
        <button type="button" className="ov-button" onClick={onUpload} data-testid="empty-upload">
          Upload CSV
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={downloadCsvTemplate}
          data-testid="empty-template"
        >
          Download the CSV template
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={onConnectStore}
          data-testid="empty-connect-store"
        >
          Connect Web Store
        </button>
      </div>
    </div>
  );
}
