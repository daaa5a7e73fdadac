import { useEffect, useRef, useState } from 'react';
import type { ImportTemplate } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';

interface ImportTemplateListProps {
  templates: ImportTemplate[];
  onDelete: (templateId: string) => Promise<void>;
}

/**
 * "Your column templates" (issue 39): each saved mapping with the columns of its layout, and
 * Delete, which asks first in the row itself (the uploader may already be in a dialog).
 */
export function ImportTemplateList({ templates, onDelete }: ImportTemplateListProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    confirmButton.current?.focus();
  }, [confirming]);

  if (templates.length === 0) return null;

  const remove = async (templateId: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(templateId);
      setConfirming(null);
    } catch (error) {
      setFailure(failureMessage(error, 'The template could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="me-templates"
      aria-labelledby="import-templates-title"
      data-testid="import-templates"
    >
      <h3 id="import-templates-title" className="me-templates__title">
        Your column templates
      </h3>
      <p className="me-muted me-templates__hint">
        A file with the same columns as one of these is read with its template by itself.
      </p>
      {failure && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="import-template-error">
          {failure}
        </p>
      )}
      <ul className="me-templates__list">
        {templates.map((template) => (
          <li
            key={template.templateId}
            className="me-templates__item"
            data-testid="import-template"
          >
            <div className="me-templates__text">
              <strong data-testid="import-template-name">{template.name}</strong>
              <span className="me-muted me-templates__columns">
                {template.headers.length} columns: {template.headers.join(', ')}
              </span>
            </div>
            {confirming === template.templateId ? (
              <div className="me-templates__confirm" role="group" aria-label="Confirm delete">
                <span>Delete “{template.name}”?</span>
                <button
                  ref={confirmButton}
                  type="button"
                  className="ov-button ov-button--danger"
                  onClick={() => void remove(template.templateId)}
                  disabled={busy}
                  data-testid="import-template-delete-confirm"
                >
                  {busy ? 'Deleting…' : 'Delete'}
                </button>
                <button
                  type="button"
                  className="ov-button ov-button--secondary"
                  onClick={() => setConfirming(null)}
                  disabled={busy}
                >
                  Keep
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="ov-button ov-button--secondary"
                onClick={() => setConfirming(template.templateId)}
                aria-label={`Delete the template “${template.name}”`}
                data-testid="import-template-delete"
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
