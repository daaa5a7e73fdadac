import { useMemo, useRef, useState, type DragEvent } from 'react';
import {
  isOrderFile,
  isWorkbookFile,
  orderFileAccept,
  requiredCsvColumns,
  uploadCsv,
  type UploadResult,
} from '@onvelope/contracts';
import type { UploadProgress } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { BannerMessage, type Banner } from '../components/Field.js';
import {
  csvPreviewBytes,
  decodePreviewText,
  parseCsvPreview,
  type CsvPreview,
} from './csv-preview.js';
import { ProgressLine } from '../components/ProgressLine.js';
import { uploadOutcome } from './upload-outcome.js';
import { importProgressText, sentPercent } from './upload-progress.js';
import { uploadFailure, workspaceMessages } from '../shared/workspace-messages.js';
import { CsvPreviewTable } from './CsvPreviewTable.js';
import { downloadCsvTemplate } from './csv-template.js';
import { UploadResultModal } from './UploadResultModal.js';

const bannerClass = {
  success: 'me-alert--success',
  warning: 'me-alert--warning',
  error: 'ov-alert--error',
} as const;

// A workbook has no preview in the browser (its first sheet is read by the import): `null`.
type Stage =
  | { kind: 'empty' }
  | { kind: 'previewed'; file: File; preview: CsvPreview | null }
  | { kind: 'uploading'; file: File; preview: CsvPreview | null; progress: UploadProgress | null };

/**
 * spec 000 §2 CSV uploader: drop or pick a .csv, preview its first 10 rows, Upload or Cancel; then
 * a banner that says what the upload did (success only when it was one) and the result modal. Used
 * by the /upload page and the dashboard's modal.
 */
export function CsvUploader() {
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [showResult, setShowResult] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    // While a file goes up, another cannot be chosen: the result belongs to the one sent.
    if (!file || stage.kind === 'uploading') return;
    setResult(null);
    if (!isOrderFile(file.type, file.name)) {
      setError(workspaceMessages.invalidFileType);
      setStage({ kind: 'empty' });
      return;
    }
    if (isWorkbookFile(file.type, file.name)) {
      setError(null);
      setStage({ kind: 'previewed', file, preview: null });
      return;
    }
    try {
      const head = decodePreviewText(
        new Uint8Array(await file.slice(0, csvPreviewBytes).arrayBuffer()),
      );
      const preview = parseCsvPreview(head, { complete: file.size <= csvPreviewBytes });
      if (!preview) throw new Error('no header row');
      setError(null);
      setStage({ kind: 'previewed', file, preview });
    } catch {
      setError(workspaceMessages.parseFailed);
      setStage({ kind: 'empty' });
    }
  };

  const clear = () => {
    setStage({ kind: 'empty' });
    if (input.current) input.current.value = '';
  };

  const upload = async () => {
    if (stage.kind !== 'previewed') return;
    const { file, preview } = stage;
    setStage({ kind: 'uploading', file, preview, progress: null });
    setError(null);
    const form = new FormData();
    form.append('csvFile', file, file.name);
    try {
      const answer = await merchantApi.upload(uploadCsv, { form }, (progress) =>
        setStage({ kind: 'uploading', file, preview, progress }),
      );
      setResult(answer);
      setShowResult(true);
      clear();
    } catch (failure) {
      setError(uploadFailure(failure));
      setStage({ kind: 'previewed', file, preview });
    }
  };

  const outcome = result && uploadOutcome(result);
  // One banner per message, so re-renders (progress) do not bring it into view again.
  const errorBanner = useMemo<Banner>(
    () => (error ? { kind: 'error', text: error } : null),
    [error],
  );

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="me-uploader" data-testid="csv-uploader">
      {outcome && (
        <p
          className={`ov-alert ${bannerClass[outcome.tone]}`}
          role={outcome.tone === 'success' ? 'status' : 'alert'}
          data-tone={outcome.tone}
          data-testid="upload-outcome"
        >
          {outcome.banner}
        </p>
      )}
      {/* Brought into view when it appears: the Upload button that caused it may be far below. */}
      <BannerMessage banner={errorBanner} testId="upload" />
      <label
        className={dragging ? 'me-dropzone me-dropzone--active' : 'me-dropzone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="csv-dropzone"
      >
        <input
          ref={input}
          type="file"
          accept={orderFileAccept}
          className="me-visually-hidden"
          disabled={stage.kind === 'uploading'}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="csv-file-input"
        />
        <strong>Drag and drop a CSV file here, or click to choose one</strong>
        <span className="me-muted">
          Order exports from Shopify, Etsy, Big Cartel, Squarespace, WooCommerce, Amazon, eBay,
          ShipStation, Temu, Wix and Ecwid are read as they are, as CSV, tab-separated text or an
          Excel workbook (.xlsx). Any other file needs the columns {requiredCsvColumns.join(', ')};
          one name column (such as Buyer Name) can stand for firstName and lastName. Status,
          courier, tracking and the rest (items, shipping address, order date…) are optional.
        </span>
      </label>
      <button
        type="button"
        className="me-link-button"
        onClick={downloadCsvTemplate}
        data-testid="csv-template"
      >
        Download the template
      </button>
      {stage.kind !== 'empty' && (
        <div className="me-upload-preview" data-testid="csv-preview">
          <p>
            <strong>{stage.file.name}</strong>{' '}
            <span className="me-muted">
              ({Math.max(1, Math.round(stage.file.size / 1024))} KB) —{' '}
              {stage.preview
                ? `first ${stage.preview.rows.length} rows`
                : 'an Excel workbook: its first sheet is read when you upload it'}
            </span>
          </p>
          {stage.preview && <CsvPreviewTable preview={stage.preview} />}
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button"
              onClick={() => void upload()}
              disabled={stage.kind === 'uploading'}
              data-testid="csv-upload"
            >
              {stage.kind === 'uploading' ? 'Uploading…' : 'Upload'}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={clear}
              disabled={stage.kind === 'uploading'}
              data-testid="csv-cancel"
            >
              Cancel
            </button>
          </div>
          {stage.kind === 'uploading' && (
            <ProgressLine
              value={sentPercent(stage.progress)}
              max={100}
              label="Import progress"
              text={importProgressText(stage.progress, stage.file.size)}
              testId="upload-progress"
            />
          )}
        </div>
      )}
      {result && showResult && (
        <UploadResultModal result={result} onStay={() => setShowResult(false)} />
      )}
    </div>
  );
}
