import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import {
  ruleApplyJobParams,
  ruleApplyJobResponse,
  ruleApplyPreview,
  clearDataResponse,
  deletedResponse,
  idParams,
  keywordRuleInput,
  keywordRuleResponse,
  keywordRulesResponse,
  listTrackingEntriesQuery,
  listTrackingEntriesResponse,
  markShippedRequest,
  markShippedResponse,
  needsAttentionResponse,
  orderHistoryResponse,
  orderNumberParams,
  rulePreviewResponse,
  ruleTestRequest,
  ruleTestResult,
  searchItemsQuery,
  searchItemsResponse,
  searchQuery,
  searchResponse,
  summaryQuery,
  summaryResponse,
  trackingEntryResponse,
  updateTrackingEntryRequest,
  uploadResult,
} from './schemas.js';
import {
  claimedOrderResponse,
  claimedOrdersResponse,
  claimOrderRequest,
  lookupRequest,
  lookupResponse,
  orderQueriesResponse,
  orderQueryResponse,
  replyRequest,
  sendOrderQueryRequest,
  signedLinkQuery,
  unclaimResponse,
  updateClaimRequest,
} from './buyers.js';
import { needsAttentionQuery } from '../tracking/schemas.js';
import { deliveryEstimateRule, deliveryEstimateRuleResponse } from './delivery-estimates.js';
import { reportExportRequest, reportSearchRequest, reportSearchResponse } from './reports.js';
import {
  csvPreviewBytes,
  importPreview,
  importTemplate,
  importTemplateParams,
  importTemplatesResponse,
  saveImportTemplateRequest,
} from './import-mapping.js';

const route = routeOwnedBy('svc-orders');

/** The optional text field, sent before the file, with the seller's column mapping (issue 39). */
const mappingField = z.string().optional().meta({
  description:
    'JSON ColumnMapping ({"orderNumber": "Order ID", "email": "E-mail"}), before the file; without it a saved template for the layout is used',
});

export const uploadCsv = route(
  'POST',
  '/api/upload/csv',
  'merchant',
  'spec-000',
  'Import orders from a CSV file',
  {
    apiKey: 'write',
    streaming: 'request',
    schemas: { response: uploadResult },
    docs: {
      // svc-orders reads the file itself, as it arrives (`receiveCsvFile`, field `csvFile`).
      body: {
        mediaType: 'multipart/form-data',
        required: true,
        schema: z.object({
          mapping: mappingField,
          csvFile: z.file().meta({
            description:
              'The CSV file: type text/csv or a name ending in .csv, one order line a row (the upload page’s template)',
          }),
        }),
      },
    },
  },
);

/** Issue 39: the mapping step's preview of a file's head, read as the import would read it. */
export const previewUpload = route(
  'POST',
  '/api/upload/preview',
  'merchant',
  'implied',
  'Preview how a file would be imported',
  {
    apiKey: 'write',
    streaming: 'request',
    description: `Send the file's first ${csvPreviewBytes / 1024} KiB (or the whole file when smaller); at most 1 MiB is read and a last row that may have been cut is dropped. Nothing is stored.`,
    schemas: { response: importPreview },
    docs: {
      body: {
        mediaType: 'multipart/form-data',
        required: true,
        schema: z.object({
          mapping: mappingField,
          csvFile: z
            .file()
            .meta({ description: 'The head of the file (any file the import reads)' }),
        }),
      },
    },
  },
);

export const listImportTemplates = route(
  'GET',
  '/api/upload/import-templates',
  'merchant',
  'implied',
  "The seller's saved column mappings",
  { apiKey: 'read', schemas: { response: importTemplatesResponse } },
);

export const saveImportTemplate = route(
  'POST',
  '/api/upload/import-templates',
  'merchant',
  'implied',
  'Save a column mapping for a layout of file (replaces the one for the same headers)',
  {
    apiKey: 'write',
    status: 201,
    schemas: { body: saveImportTemplateRequest, response: importTemplate },
  },
);

export const deleteImportTemplate = route(
  'DELETE',
  '/api/upload/import-templates/{templateId}',
  'merchant',
  'implied',
  'Delete a saved column mapping',
  {
    apiKey: 'write',
    schemas: { params: importTemplateParams, response: deletedResponse },
    docs: { errors: [404] },
  },
);

export const listTrackingEntries = route(
  'GET',
  '/api/upload/tracking-entries',
  'merchant',
  'spec-000',
  'Page of tracking entries',
  {
    apiKey: 'read',
    schemas: { query: listTrackingEntriesQuery, response: listTrackingEntriesResponse },
  },
);

export const getNeedsAttention = route(
  'GET',
  '/api/upload/needs-attention',
  'merchant',
  'implied',
  "Shipments that need the seller's attention",
  { apiKey: 'read', schemas: { query: needsAttentionQuery, response: needsAttentionResponse } },
);

/** The seller's own delivery estimate (issue 33), shown where the carrier gives no date. */
export const getDeliveryEstimateRule = route(
  'GET',
  '/api/upload/delivery-estimates',
  'merchant',
  'implied',
  "The seller's delivery estimate rule",
  { schemas: { response: deliveryEstimateRuleResponse } },
);

export const saveDeliveryEstimateRule = route(
  'PUT',
  '/api/upload/delivery-estimates',
  'merchant',
  'implied',
  "Save the seller's delivery estimate rule",
  { schemas: { body: deliveryEstimateRule, response: deliveryEstimateRuleResponse } },
);

export const getSummary = route(
  'GET',
  '/api/upload/summary',
  'merchant',
  'spec-000',
  'Order counts by status',
  { apiKey: 'read', schemas: { query: summaryQuery, response: summaryResponse } },
);

export const searchTrackingEntries = route(
  'GET',
  '/api/upload/search',
  'merchant',
  'spec-000',
  'Search orders by term and status',
  { apiKey: 'read', schemas: { query: searchQuery, response: searchResponse } },
);

export const clearCsvData = route(
  'DELETE',
  '/api/upload/clear-csv-data',
  'merchant',
  'spec-000',
  'Delete CSV-imported orders',
  { openWithoutSubscription: true, schemas: { response: clearDataResponse } },
);

export const clearAllData = route(
  'DELETE',
  '/api/upload/clear-all-data',
  'merchant',
  'spec-000',
  'Delete all orders',
  { openWithoutSubscription: true, schemas: { response: clearDataResponse } },
);

// Order state is owned here, so shipping is served by svc-orders despite its store-front prefix.
export const markShipped = route(
  'PUT',
  '/api/bigcartel/orders/{orderNumber}/shipped',
  'merchant',
  'spec-000',
  'Mark an order shipped',
  {
    apiKey: 'write',
    schemas: {
      params: orderNumberParams,
      body: markShippedRequest,
      response: markShippedResponse,
    },
    docs: { errors: [409] },
  },
);

// Correcting one order (issue 38 item 6). Addressed by order number, like shipping.
export const updateTrackingEntry = route(
  'PATCH',
  '/api/upload/tracking-entries/{orderNumber}',
  'merchant',
  'implied',
  "Edit an order's buyer, address, items and note",
  {
    apiKey: 'write',
    schemas: {
      params: orderNumberParams,
      body: updateTrackingEntryRequest,
      response: trackingEntryResponse,
    },
  },
);

export const correctTracking = route(
  'PUT',
  '/api/upload/tracking-entries/{orderNumber}/tracking',
  'merchant',
  'implied',
  "Correct a shipped order's courier, tracking number and link",
  {
    apiKey: 'write',
    description:
      'The courier and link are resolved as when shipping; a store-front order is not updated at the store-front (its API cannot change a shipment), so bigCartelUpdated is false.',
    schemas: {
      params: orderNumberParams,
      body: markShippedRequest,
      response: markShippedResponse,
    },
    docs: { errors: [409] },
  },
);

export const markUnshipped = route(
  'DELETE',
  '/api/upload/tracking-entries/{orderNumber}/shipped',
  'merchant',
  'implied',
  'Mark a shipped order back to pending',
  {
    apiKey: 'write',
    schemas: { params: orderNumberParams, response: trackingEntryResponse },
    docs: { errors: [409] },
  },
);

export const deleteTrackingEntry = route(
  'DELETE',
  '/api/upload/tracking-entries/{orderNumber}',
  'merchant',
  'implied',
  'Delete one order',
  { apiKey: 'write', schemas: { params: orderNumberParams, response: deletedResponse } },
);

export const getTrackingEntryHistory = route(
  'GET',
  '/api/upload/tracking-entries/{orderNumber}/history',
  'merchant',
  'implied',
  "An order's latest changes, newest first",
  { apiKey: 'read', schemas: { params: orderNumberParams, response: orderHistoryResponse } },
);

export const listKeywordRules = route(
  'GET',
  '/api/keyword-rules',
  'merchant',
  'spec-000',
  'List keyword rules',
  { apiKey: 'read', schemas: { response: keywordRulesResponse } },
);

export const searchItemNames = route(
  'GET',
  '/api/keyword-rules/search-items',
  'merchant',
  'spec-000',
  'Item names seen, for suggestions',
  { apiKey: 'read', schemas: { query: searchItemsQuery, response: searchItemsResponse } },
);

export const createKeywordRule = route(
  'POST',
  '/api/keyword-rules',
  'merchant',
  'spec-000',
  'Create a keyword rule',
  {
    apiKey: 'write',
    status: 201,
    schemas: { body: keywordRuleInput, response: keywordRuleResponse },
  },
);

export const updateKeywordRule = route(
  'PUT',
  '/api/keyword-rules/{id}',
  'merchant',
  'spec-000',
  'Update a keyword rule',
  {
    apiKey: 'write',
    schemas: { params: idParams, body: keywordRuleInput, response: keywordRuleResponse },
  },
);

export const deleteKeywordRule = route(
  'DELETE',
  '/api/keyword-rules/{id}',
  'merchant',
  'spec-000',
  'Delete a keyword rule',
  { apiKey: 'write', schemas: { params: idParams, response: deletedResponse } },
);

export const testKeywordRules = route(
  'POST',
  '/api/keyword-rules/test',
  'merchant',
  'spec-000',
  'Show which rules apply to an item',
  { apiKey: 'read', schemas: { body: ruleTestRequest, response: ruleTestResult } },
);

export const clearKeywordRules = route(
  'DELETE',
  '/api/keyword-rules/clear-all',
  'merchant',
  'spec-000',
  'Delete every keyword rule',
  { apiKey: 'write', schemas: { response: deletedResponse } },
);

export const previewKeywordRule = route(
  'POST',
  '/api/keyword-rules/preview',
  'merchant',
  'implied',
  'Existing orders a rule would match',
  { apiKey: 'read', schemas: { body: keywordRuleInput, response: rulePreviewResponse } },
);

export const applyKeywordRules = route(
  'POST',
  '/api/keyword-rules/apply',
  'merchant',
  'implied',
  'Start applying the rules to unshipped orders (202 with the job; the running one if any)',
  { apiKey: 'write', status: 202, schemas: { response: ruleApplyJobResponse } },
);

export const previewRuleApply = route(
  'GET',
  '/api/keyword-rules/apply-preview',
  'merchant',
  'implied',
  'What applying the rules to unshipped orders would change (read only)',
  { apiKey: 'read', schemas: { response: ruleApplyPreview } },
);

export const getRuleApplyJob = route(
  'GET',
  '/api/keyword-rules/apply/{jobId}',
  'merchant',
  'implied',
  'How far applying the rules has got',
  { apiKey: 'read', schemas: { params: ruleApplyJobParams, response: ruleApplyJobResponse } },
);

export const searchReport = route(
  'POST',
  '/api/reports/search',
  'merchant',
  'spec-000',
  'Advanced report search',
  {
    apiKey: 'read',
    openWithoutSubscription: true,
    schemas: { body: reportSearchRequest, response: reportSearchResponse },
  },
);

export const exportReport = route(
  'POST',
  '/api/reports/export',
  'merchant',
  'spec-000',
  'Export a report as csv, xlsx or pdf',
  {
    apiKey: 'read',
    openWithoutSubscription: true,
    streaming: 'response',
    schemas: { body: reportExportRequest },
    docs: {
      answer: {
        'text/csv': z.string(),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': z.file(),
        'application/pdf': z.file(),
      },
    },
  },
);

export const listSellerQueries = route(
  'GET',
  '/api/public/seller-queries',
  'merchant',
  'spec-000',
  "The seller's buyer queries",
  { apiKey: 'read', schemas: { response: orderQueriesResponse } },
);

export const markQueryRead = route(
  'PUT',
  '/api/public/seller-queries/{id}/read',
  'merchant',
  'spec-000',
  'Mark a query viewed',
  { apiKey: 'write', schemas: { params: idParams, response: orderQueryResponse } },
);

export const replyToQuery = route(
  'POST',
  '/api/public/seller-queries/{id}/reply',
  'merchant',
  'spec-000',
  'Reply to a query',
  {
    apiKey: 'write',
    schemas: { params: idParams, body: replyRequest, response: orderQueryResponse },
  },
);

// Beyond the specs (issue 16): a seller closes a query the buyer never marked resolved.
export const resolveSellerQuery = route(
  'POST',
  '/api/public/seller-queries/{id}/resolve',
  'merchant',
  'implied',
  'Mark a query resolved',
  { apiKey: 'write', schemas: { params: idParams, response: orderQueryResponse } },
);

export const lookupOrder = route(
  'POST',
  '/api/customer/lookup',
  'public',
  'spec-001',
  'Buyer order lookup',
  { schemas: { body: lookupRequest, response: lookupResponse }, docs: { errors: [429] } },
);

export const sendOrderQuery = route(
  'POST',
  '/api/order-queries',
  'public',
  'spec-001',
  'Send a query to the seller',
  {
    status: 201,
    schemas: { body: sendOrderQueryRequest, response: orderQueryResponse },
    docs: { errors: [429] },
  },
);

export const openTrackingLink = route(
  'GET',
  '/api/customer/track',
  'public',
  'implied',
  'The order behind a signed tracking link',
  { schemas: { query: signedLinkQuery, response: lookupResponse } },
);
export const createTrackingLink = route(
  'POST',
  '/api/upload/tracking-entries/{orderNumber}/tracking-link',
  'merchant',
  'implied',
  "A signed link to an order's tracking page",
  {
    apiKey: 'write',
    schemas: { params: orderNumberParams, response: z.object({ url: z.string() }) },
  },
);
/** A new secret for the seller's tracking links: every link given out before stops working. */
export const regenerateTrackingLinks = route(
  'POST',
  '/api/upload/tracking-links/regenerate',
  'merchant',
  'implied',
  'Invalidate every signed tracking link of the seller',
  { schemas: { response: z.object({ message: z.string() }) } },
);
export const listClaimedOrders = route(
  'GET',
  '/api/customer/orders',
  'customer',
  'spec-001',
  "The buyer's claimed orders",
  { schemas: { response: claimedOrdersResponse } },
);

export const claimOrder = route(
  'POST',
  '/api/customer-auth/claim-order',
  'customer',
  'spec-001',
  'Claim an order',
  {
    status: 201,
    schemas: { body: claimOrderRequest, response: claimedOrderResponse },
    docs: { errors: [409] },
  },
);

export const updateClaimedOrder = route(
  'PATCH',
  '/api/customer/orders/{id}',
  'customer',
  'spec-001',
  'Edit nickname and notes',
  { schemas: { params: idParams, body: updateClaimRequest, response: claimedOrderResponse } },
);

export const unclaimOrder = route(
  'DELETE',
  '/api/customer/{orderNumber}/unclaim',
  'customer',
  'spec-001',
  'Unclaim an order',
  { schemas: { params: orderNumberParams, response: unclaimResponse } },
);

export const listCustomerQueries = route(
  'GET',
  '/api/order-queries/customer',
  'customer',
  'spec-001',
  "The buyer's queries",
  { schemas: { response: orderQueriesResponse } },
);

export const resolveQuery = route(
  'POST',
  '/api/order-queries/{id}/resolve',
  'customer',
  'spec-001',
  'Resolve an answered query',
  { schemas: { params: idParams, response: orderQueryResponse }, docs: { errors: [409] } },
);

/** Every svc-orders call, each also exported by name with its schemas typed. */
export const ordersRoutes = [
  openTrackingLink,
  createTrackingLink,
  regenerateTrackingLinks,
  uploadCsv,
  previewUpload,
  listImportTemplates,
  saveImportTemplate,
  deleteImportTemplate,
  listTrackingEntries,
  getNeedsAttention,
  getDeliveryEstimateRule,
  saveDeliveryEstimateRule,
  getSummary,
  searchTrackingEntries,
  clearCsvData,
  clearAllData,
  markShipped,
  updateTrackingEntry,
  correctTracking,
  markUnshipped,
  deleteTrackingEntry,
  getTrackingEntryHistory,
  listKeywordRules,
  searchItemNames,
  createKeywordRule,
  updateKeywordRule,
  deleteKeywordRule,
  testKeywordRules,
  clearKeywordRules,
  previewKeywordRule,
  previewRuleApply,
  applyKeywordRules,
  getRuleApplyJob,
  searchReport,
  exportReport,
  listSellerQueries,
  markQueryRead,
  replyToQuery,
  resolveSellerQuery,
  lookupOrder,
  sendOrderQuery,
  listClaimedOrders,
  claimOrder,
  updateClaimedOrder,
  unclaimOrder,
  listCustomerQueries,
  resolveQuery,
];
