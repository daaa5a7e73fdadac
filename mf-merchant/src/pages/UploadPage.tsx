import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { CsvUploader } from '../upload/CsvUploader.js';
import './merchant.css';
import './workspace.css';

/** spec 000 §2 CSV uploader as a page of its own (/upload); the dashboard has the same in a modal. */
const UploadPage: RemotePage<'mf_merchant/UploadPage'> = () => (
  <main className="ov-page me-page me-page--wide" data-testid="upload-page">
    <Link to="/dashboard" className="ov-button ov-button--secondary me-back">
      Back to Dashboard
    </Link>
    <h1>Upload CSV</h1>
    <p className="me-lead">
      Import orders from a CSV file. An order number you already have is updated when its data
      changed, and skipped with a warning when it is the same.
    </p>
    <CsvUploader />
  </main>
);

export default UploadPage;
