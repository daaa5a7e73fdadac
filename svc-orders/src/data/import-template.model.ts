import mongoose, { Schema, type InferSchemaType, type Model } from 'mongoose';
import {
  importFieldNames,
  importMappingMessages,
  type ColumnMapping,
  type ImportTemplate,
  type SaveImportTemplateRequest,
} from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount, registeredModel } from '@onvelope/service-kit/mongo';
import { layoutSignature } from '../domain/header-layout.js';

/** A seller's saved mapping as the import matches it to a header row (`layoutSignature`). */
export interface SavedMapping {
  templateId: string;
  name: string;
  signature: string;
  mapping: ColumnMapping;
}

/**
 * A seller's saved column mapping for one layout of file (issue 39): the layout is its headers,
 * normalised (`layoutSignature`), so one layout has one template per seller and saving again
 * replaces it.
 */
const importTemplateSchema = new Schema(
  {
    accountId: { type: String, required: true },
    signature: { type: String, required: true },
    name: { type: String, required: true },
    headers: { type: [String], required: true },
    // Field -> header text, as the contract's `columnMapping` validated it.
    mapping: { type: Schema.Types.Mixed, required: true },
  },
  { timestamps: true, collection: 'import_templates', minimize: false },
);

importTemplateSchema.index({ accountId: 1, signature: 1 }, { unique: true });

export type ImportTemplateDocument = InferSchemaType<typeof importTemplateSchema> & {
  _id: mongoose.Types.ObjectId;
  mapping: ColumnMapping;
  createdAt: Date;
  updatedAt: Date;
};

export function importTemplateModel(db: mongoose.Connection): Model<ImportTemplateDocument> {
  return registeredModel<ImportTemplateDocument>(db, 'ImportTemplate', importTemplateSchema);
}

const templatesOf = (db: mongoose.Connection, accountId: string) =>
  forAccount(importTemplateModel(db), accountId);

/** Only the contract's fields, whatever a stored document holds. */
const mappingOf = (stored: ColumnMapping): ColumnMapping =>
  Object.fromEntries(
    importFieldNames.filter((field) => field in stored).map((field) => [field, stored[field]]),
  );

const answerOf = (doc: ImportTemplateDocument): ImportTemplate => ({
  templateId: doc._id.toString(),
  name: doc.name,
  headers: doc.headers,
  mapping: mappingOf(doc.mapping),
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** The seller's templates, newest first. */
export async function listImportTemplates(
  db: mongoose.Connection,
  accountId: string,
): Promise<ImportTemplate[]> {
  const docs = await templatesOf(db, accountId)
    .find()
    .sort({ updatedAt: -1, _id: -1 })
    .lean<ImportTemplateDocument[]>();
  return docs.map(answerOf);
}

/** The seller's templates as the import matches them to a file's header row. */
export async function savedMappingsOf(
  db: mongoose.Connection,
  accountId: string,
): Promise<SavedMapping[]> {
  const docs = await templatesOf(db, accountId).find().lean<ImportTemplateDocument[]>();
  return docs.map((doc) => ({
    templateId: doc._id.toString(),
    name: doc.name,
    signature: doc.signature,
    mapping: mappingOf(doc.mapping),
  }));
}

/** Saves a template, replacing the seller's template for the same layout in the same write. */
export async function saveImportTemplate(
  db: mongoose.Connection,
  accountId: string,
  { name, headers, mapping }: SaveImportTemplateRequest,
): Promise<ImportTemplate> {
  const saved = await templatesOf(db, accountId)
    .findOneAndUpdate({ signature: layoutSignature(headers) }, { $set: { name, headers, mapping } })
    .setOptions({ upsert: true })
    .lean<ImportTemplateDocument>();
  return answerOf(saved!);
}

/** Deletes one of the seller's templates; another seller's, or none, is not found. */
export async function deleteImportTemplate(
  db: mongoose.Connection,
  accountId: string,
  templateId: string,
): Promise<{ message: string; deletedCount: number }> {
  if (!mongoose.isValidObjectId(templateId)) {
    throw notFound(importMappingMessages.templateNotFound);
  }
  const { deletedCount } = await templatesOf(db, accountId).deleteOne({ _id: templateId });
  if (!deletedCount) throw notFound(importMappingMessages.templateNotFound);
  return { message: importMappingMessages.templateDeleted, deletedCount };
}
