import { useMemo, useRef, useState, type DragEvent } from 'react';
import {
  isOrderFile,
  isWorkbookFile,
  orderFileAccept,
  uploadCsv,
  type ImportPreview,
  type UploadResult,
} from '@onvelope/contracts';
import { failureMessage, type UploadProgress } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { BannerMessage, type Banner } from '../components/Field.js';
import { ProgressLine } from '../components/ProgressLine.js';
import { uploadOutcome } from './upload-outcome.js';
import { importProgressText, sentPercent } from './upload-progress.js';
import { uploadFailure, workspaceMessages } from '../shared/workspace-messages.js';
import { CsvPreviewTable } from './CsvPreviewTable.js';
import { downloadCsvTemplate } from './csv-template.js';
import { UploadResultModal } from './UploadResultModal.js';
import {
  chosenMapping,
  fieldColumns,
  importBlockers,
  needsMatching,
  readingSummary,
  templateNameFor,
  type MappingChoices,
} from './column-mapping.js';
import { ColumnMatching } from './ColumnMatching.js';
import { ImportTemplateList } from './ImportTemplateList.js';
import { importForm } from './upload-forms.js';
import { previewFailure, previewFile } from './use-matched-preview.js';
import { useImportTemplates } from './use-import-templates.js';
import './upload.css';

const bannerClass = {
  success: 'me-alert--success',
  warning: 'me-alert--warning',
  error: 'ov-alert--error',
} as const;

// `preview` is the service's reading of the file's head; null for a workbook it could not preview
// (its first sheet is still read by the import).
type Stage =
  | { kind: 'empty' }
  | { kind: 'reading'; file: File }
  | { kind: 'previewed'; file: File; preview: ImportPreview | null }
  | {
      kind: 'uploading';
      file: File;
      preview: ImportPreview | null;
      /** The template is saved first, then the file sent. */
      step: 'template' | 'import';
      progress: UploadProgress | null;
    };

/** The mapping step's first choices: the preview's mapping, kept as a template by default. */
function choicesFor(preview: ImportPreview, fileName: string): MappingChoices {
  return {
    headers: preview.headers,
    columns: fieldColumns(preview.mapping),
    saveTemplate: true,
    templateName: preview.template?.name ?? templateNameFor(fileName),
  };
}

/**
 * spec 000 §2 CSV uploader: drop or pick a file, preview its first 10 rows, Upload or Cancel; then
 * a banner that says what the upload did (success only when it was one) and the result modal. Used
 * by the /upload page and the dashboard's modal. Issue 39: the service reads the file's head as the
 * import would; a layout it does not know, or one that lacks a required field, opens "Match your
 * columns" (`ColumnMatching`), whose choices go with the file and may be kept as a template.
 * `onImported` is told of each import that answered, so what is behind the uploader reloads.
 */
export function CsvUploader({ onImported }: { onImported?: () => void } = {}) {
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [choices, setChoices] = useState<MappingChoices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [showResult, setShowResult] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The file last chosen: a preview that arrives for an earlier one is dropped.
  const chosen = useRef<File | null>(null);
  const templates = useImportTemplates();

  const choose = async (file: File | undefined) => {
    // While a file goes up, another cannot be chosen: the result belongs to the one sent.
    if (!file || stage.kind === 'uploading') return;
    setResult(null);
    setChoices(null);
    if (!isOrderFile(file.type, file.name)) {
      chosen.current = null;
      setError(workspaceMessages.invalidFileType);
      setStage({ kind: 'empty' });
      return;
    }
    setError(null);
    chosen.current = file;
    setStage({ kind: 'reading', file });
    try {
      const preview = await previewFile(file, null);
      if (chosen.current !== file) return;
      setStage({ kind: 'previewed', file, preview });
      if (needsMatching(preview)) setChoices(choicesFor(preview, file.name));
    } catch (failure) {
      if (chosen.current !== file) return;
      if (isWorkbookFile(file.type, file.name)) {
        setStage({ kind: 'previewed', file, preview: null });
        return;
      }
      setError(previewFailure(failure));
      setStage({ kind: 'empty' });
    }
  };

  const clear = () => {
    chosen.current = null;
    setStage({ kind: 'empty' });
    setChoices(null);
    if (input.current) input.current.value = '';
  };

  const blockers = choices ? importBlockers(choices) : [];

  const upload = async () => {
    if (stage.kind !== 'previewed' || blockers.length > 0) return;
    const { file, preview } = stage;
    const mapping = choices && chosenMapping(choices.columns);
    setError(null);
    if (choices?.saveTemplate && mapping && preview) {
      setStage({ kind: 'uploading', file, preview, step: 'template', progress: null });
      try {
        const name = choices.templateName.trim();
        await templates.save({ name, headers: preview.headers, mapping });
      } catch (failure) {
        setError(
          `The template was not saved, so nothing was imported: ${failureMessage(failure, 'please try again.')}`,
        );
        setStage({ kind: 'previewed', file, preview });
        return;
      }
    }
    setStage({ kind: 'uploading', file, preview, step: 'import', progress: null });
    try {
      const answer = await merchantApi.upload(
        uploadCsv,
        { form: importForm(file, mapping) },
        (progress) => setStage({ kind: 'uploading', file, preview, step: 'import', progress }),
      );
      setResult(answer);
      setShowResult(true);
      clear();
      // What is behind the uploader (the dashboard) shows the new orders while the result is read.
      onImported?.();
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

  const busy = stage.kind === 'uploading';
  const fileChosen = stage.kind === 'previewed' || stage.kind === 'uploading';

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
          disabled={busy}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="csv-file-input"
        />
        <strong>Drag and drop a CSV file here, or click to choose one</strong>
        <span className="me-muted">
          Order exports from Shopify, Etsy, Big Cartel, Squarespace, WooCommerce, Amazon, eBay,
          ShipStation, Temu, Wix and Ecwid are read as they are, as CSV, tab-separated text or an
          Excel workbook (.xlsx). For any other file you match its columns once, and can keep that
          as a template for the next one. An order needs only an order number and a buyer to reach
          (an e-mail or a name); status, tracking, items, address, date and the rest are optional.
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
      {stage.kind === 'reading' && (
        <p className="me-muted" role="status" data-testid="csv-reading">
          Reading {stage.file.name}…
        </p>
      )}
      {fileChosen && (
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
          {stage.preview && !choices && (
            <p className="me-upload-reading" data-testid="mapping-summary">
              <span>{readingSummary(stage.preview)}</span>
              <button
                type="button"
                className="me-link-button"
                onClick={() =>
                  stage.preview && setChoices(choicesFor(stage.preview, stage.file.name))
                }
                disabled={busy}
                data-testid="change-mapping"
              >
                Change column mapping
              </button>
            </p>
          )}
          {stage.preview && choices && (
            <ColumnMatching
              file={stage.file}
              initial={stage.preview}
              choices={choices}
              onChange={setChoices}
            />
          )}
          {stage.preview && (
            <details className="me-disclosure" open={!choices} data-testid="csv-preview-rows">
              <summary>Your file&apos;s first rows, as they are</summary>
              <CsvPreviewTable
                headers={stage.preview.headers}
                rows={stage.preview.rows.map((row) => row.cells)}
              />
            </details>
          )}
          <div className="me-form__actions">
            <button
              type="button"
              className="ov-button"
              onClick={() => void upload()}
              disabled={busy || blockers.length > 0}
              aria-describedby={blockers.length ? 'upload-blockers' : undefined}
              data-testid="csv-upload"
            >
              {stage.kind === 'uploading'
                ? stage.step === 'template'
                  ? 'Saving the template…'
                  : 'Uploading…'
                : 'Upload'}
            </button>
            <button
              type="button"
              className="ov-button ov-button--secondary"
              onClick={clear}
              disabled={busy}
              data-testid="csv-cancel"
            >
              Cancel
            </button>
          </div>
          <div id="upload-blockers" role="status" data-testid="upload-blockers">
            {blockers.length > 0 && (
              <>
                <p className="me-upload-blockers__title">Upload is possible once:</p>
                <ul className="me-upload-blockers">
                  {blockers.map((blocker) => (
                    <li key={blocker}>{blocker}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          {stage.kind === 'uploading' && stage.step === 'import' && (
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
      {templates.templates && (
        <ImportTemplateList templates={templates.templates} onDelete={templates.remove} />
      )}
      {result && showResult && (
        <UploadResultModal result={result} onStay={() => setShowResult(false)} />
      )}
    </div>
  );
}
