import { useCallback, useEffect, useState } from 'react';
import {
  deleteImportTemplate,
  listImportTemplates,
  saveImportTemplate,
  type ImportTemplate,
  type SaveImportTemplateRequest,
} from '@onvelope/contracts';
import { merchantApi } from '../api.js';

export interface ImportTemplates {
  /** The seller's saved templates; null while the first list loads or when it did not load. */
  templates: ImportTemplate[] | null;
  save: (template: SaveImportTemplateRequest) => Promise<ImportTemplate>;
  remove: (templateId: string) => Promise<void>;
}

/** The seller's column templates (issue 39), kept in step with what this page saves and deletes. */
export function useImportTemplates(): ImportTemplates {
  const [templates, setTemplates] = useState<ImportTemplate[] | null>(null);

  useEffect(() => {
    let live = true;
    merchantApi.call(listImportTemplates).then(
      (answer) => live && setTemplates(answer.templates),
      // The list is a convenience beside the upload: without it, uploading still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const save = useCallback(async (body: SaveImportTemplateRequest) => {
    const saved = await merchantApi.call(saveImportTemplate, { body });
    // Saving for a layout that has a template replaces it, under the same or a new id.
    const sameLayout = (template: ImportTemplate) =>
      template.templateId === saved.templateId ||
      template.headers.join('\n') === saved.headers.join('\n');
    setTemplates((list) => [saved, ...(list ?? []).filter((template) => !sameLayout(template))]);
    return saved;
  }, []);

  const remove = useCallback(async (templateId: string) => {
    await merchantApi.call(deleteImportTemplate, { params: { templateId } });
    setTemplates((list) => list && list.filter((template) => template.templateId !== templateId));
  }, []);

  return { templates, save, remove };
}
