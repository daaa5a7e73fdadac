import { useEffect, useState } from 'react';
import { mappingProblems, previewUpload, type ImportPreview } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { chosenMapping, type FieldColumns } from './column-mapping.js';
import { previewForm } from './upload-forms.js';
import { workspaceMessages } from '../shared/workspace-messages.js';

/** How long the choices must rest before the preview is asked again: a few clicks make one call. */
export const previewDelayMs = 400;

/** The service's reading of a file's head, with `mapping` when the seller matched the columns. */
export function previewFile(
  file: File,
  mapping: FieldColumns | null,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const form = previewForm(file, mapping && chosenMapping(mapping));
  return merchantApi.call(previewUpload, { form, signal });
}

/** A failed preview: the service's words ('The file has no header row'…), else the spec's. */
export function previewFailure(error: unknown): string {
  return failureMessage(error, workspaceMessages.parseFailed);
}

export interface MatchedPreview {
  /** The latest answer for the seller's choices; null until the first one arrives. */
  preview: ImportPreview | null;
  /** Whether `preview` is for the choices as they are now. */
  current: boolean;
  failure: string | null;
}

/**
 * The preview of `file` read with the seller's current column choices, asked again once they
 * have rested `previewDelayMs` (an earlier call still running is dropped). Choices the service
 * would refuse (a column for two fields) are not sent: Import says why instead.
 */
export function useMatchedPreview(
  file: File | null,
  headers: readonly string[],
  columns: FieldColumns | null,
): MatchedPreview {
  const settled = useDebouncedValue(columns, previewDelayMs);
  const [answer, setAnswer] = useState<{ columns: FieldColumns; preview: ImportPreview } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !settled || mappingProblems(headers, chosenMapping(settled)).length > 0) return;
    const abort = new AbortController();
    previewFile(file, settled, abort.signal).then(
      (preview) => {
        setAnswer({ columns: settled, preview });
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(previewFailure(error));
      },
    );
    return () => abort.abort();
  }, [file, headers, settled]);
  return {
    preview: answer?.preview ?? null,
    current: answer !== null && answer.columns === columns,
    failure,
  };
}
