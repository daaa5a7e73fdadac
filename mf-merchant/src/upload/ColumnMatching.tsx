import { useId } from 'react';
import {
  importFieldLabels,
  importFields,
  type ImportField,
  type ImportPreview,
} from '@onvelope/contracts';
import { Field } from '../components/Field.js';
import {
  chooseColumn,
  fieldsReading,
  matchedRowsSummary,
  requirementHint,
  templateNameMissing,
  unusedColumns,
  type MappingChoices,
} from './column-mapping.js';
import { MatchedRows } from './MatchedRows.js';
import { useMatchedPreview } from './use-matched-preview.js';

interface ColumnMatchingProps {
  file: File;
  /** The preview the step opened with: its headers, guesses and rows until the next answer. */
  initial: ImportPreview;
  choices: MappingChoices;
  onChange: (choices: MappingChoices) => void;
}

/**
 * "Match your columns" (issue 39): a select of the file's columns for every field, the guesses
 * chosen, the required fields marked; beside it what the first rows become with these choices
 * (asked again of the service as they change), the columns left unused and how the file is read;
 * under it, saving the choices as a template for the next file of this layout.
 */
export function ColumnMatching({ file, initial, choices, onChange }: ColumnMatchingProps) {
  const matched = useMatchedPreview(file, initial.headers, choices.columns);
  const preview = matched.preview ?? initial;
  const unused = unusedColumns(choices.headers, choices.columns);
  const titleId = useId();
  return (
    <section className="me-matching" aria-labelledby={titleId} data-testid="column-matching">
      <h3 id={titleId} className="me-matching__title">
        Match your columns
      </h3>
      <p className="me-muted">
        Choose the column of your file that holds each of these; our guesses are already chosen. An
        order needs an order number and a buyer to reach: an e-mail or a name. Everything else may
        be left out.
      </p>
      <div className="me-matching__layout">
        <fieldset className="me-matching__fields">
          <legend className="me-visually-hidden">The column for each field</legend>
          {importFields.map(({ field, label }) => (
            <FieldColumn
              key={field}
              field={field}
              label={label}
              choices={choices}
              onChoose={(header) =>
                onChange({ ...choices, columns: chooseColumn(choices.columns, field, header) })
              }
            />
          ))}
        </fieldset>
        <div className="me-matching__result">
          <h4 className="me-matching__subtitle">
            What your first rows become{' '}
            {!matched.current && matched.failure === null && (
              <span className="me-muted me-matching__refreshing" data-testid="matched-refreshing">
                (updating…)
              </span>
            )}
          </h4>
          {matched.failure && (
            <p className="ov-alert ov-alert--error" role="alert" data-testid="matched-failure">
              {matched.failure}
            </p>
          )}
          <MatchedRows rows={preview.rows} />
          <p className="me-visually-hidden" role="status" data-testid="matched-summary">
            {matched.current ? matchedRowsSummary(preview.rows) : ''}
          </p>
          <p data-testid="unused-columns">
            <strong>Columns not used: </strong>
            {unused.length ? unused.join(', ') : 'none'}
          </p>
          {preview.reading.length > 0 && (
            <details className="me-disclosure" data-testid="matching-reading">
              <summary>How your file is read</summary>
              <ul>
                {preview.reading.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      </div>
      <div className="me-matching__template">
        <label className="me-inline-field me-matching__save">
          <input
            type="checkbox"
            checked={choices.saveTemplate}
            onChange={(event) => onChange({ ...choices, saveTemplate: event.target.checked })}
            data-testid="save-template"
          />
          Save this mapping as a template, so the next file with these columns is read by itself
        </label>
        {choices.saveTemplate && (
          <Field
            label="Template name"
            value={choices.templateName}
            onChange={(templateName) => onChange({ ...choices, templateName })}
            maxLength={80}
            error={choices.templateName.trim() === '' ? templateNameMissing : undefined}
            testId="template-name"
          />
        )}
      </div>
    </section>
  );
}

interface FieldColumnProps {
  field: ImportField;
  label: string;
  choices: MappingChoices;
  onChoose: (header: string | null) => void;
}

/** One field's row: its label (and whether it is required) tied to the select of columns. */
function FieldColumn({ field, label, choices, onChoose }: FieldColumnProps) {
  const id = useId();
  const hint = requirementHint(field);
  const chosen = choices.columns[field];
  const otherFields = (header: string) =>
    fieldsReading(choices.columns, header).filter((other) => other !== field);
  return (
    <div
      className={hint ? 'me-matching__row me-matching__row--required' : 'me-matching__row'}
      data-testid={`map-row-${field}`}
    >
      <label htmlFor={id} className="me-matching__label">
        {label}
        {hint && (
          <span className="me-matching__required" data-testid={`map-required-${field}`}>
            {` (${hint})`}
          </span>
        )}
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) => onChoose(event.target.value || null)}
        data-testid={`map-${field}`}
      >
        <option value="">— not in this file —</option>
        {choices.headers
          .filter((header) => header.trim() !== '')
          .map((header) => {
            const others = otherFields(header);
            return (
              <option key={header} value={header}>
                {others.length
                  ? `${header} (also ${others.map((other) => importFieldLabels[other]).join(', ')})`
                  : header}
              </option>
            );
          })}
      </select>
    </div>
  );
}
