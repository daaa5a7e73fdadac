import { routeOwnedBy } from '../route.js';
import {
  applyRulesResponse,
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
  uploadResult,
} from './schemas.js';
import { reportExportRequest, reportSearchRequest, reportSearchResponse } from './reports.js';

const route = routeOwnedBy('svc-orders');

export const ordersRoutes = [
  route('POST', '/api/upload/csv', 'merchant', 'spec-000', 'Import orders from a CSV file', {
    streaming: 'request',
    schemas: { response: uploadResult },
  }),
  route('GET', '/api/upload/tracking-entries', 'merchant', 'spec-000', 'Page of tracking entries', {
    schemas: { query: listTrackingEntriesQuery, response: listTrackingEntriesResponse },
  }),
  route('GET', '/api/upload/summary', 'merchant', 'spec-000', 'Order counts by status', {
    schemas: { query: summaryQuery, response: summaryResponse },
  }),
  route('GET', '/api/upload/search', 'merchant', 'spec-000', 'Search orders by term and status', {
    schemas: { query: searchQuery, response: searchResponse },
  }),
  route(
    'DELETE',
    '/api/upload/clear-csv-data',
    'merchant',
    'spec-000',
    'Delete CSV-imported orders',
    { schemas: { response: clearDataResponse } },
  ),
  route('DELETE', '/api/upload/clear-all-data', 'merchant', 'spec-000', 'Delete all orders', {
    schemas: { response: clearDataResponse },
  }),
  // Order state is owned here, so shipping is served by svc-orders despite its store-front prefix.
  route(
    'PUT',
    '/api/bigcartel/orders/{orderNumber}/shipped',
    'merchant',
    'spec-000',
    'Mark an order shipped',
    {
      schemas: {
        params: orderNumberParams,
        body: markShippedRequest,
        response: markShippedResponse,
      },
    },
  ),
  route('GET', '/api/keyword-rules', 'merchant', 'spec-000', 'List keyword rules', {
    schemas: { response: keywordRulesResponse },
  }),
  route(
    'GET',
    '/api/keyword-rules/search-items',
    'merchant',
    'spec-000',
    'Item names seen, for suggestions',
    { schemas: { query: searchItemsQuery, response: searchItemsResponse } },
  ),
  route('POST', '/api/keyword-rules', 'merchant', 'spec-000', 'Create a keyword rule', {
    schemas: { body: keywordRuleInput, response: keywordRuleResponse },
  }),
  route('PUT', '/api/keyword-rules/{id}', 'merchant', 'spec-000', 'Update a keyword rule', {
    schemas: { params: idParams, body: keywordRuleInput, response: keywordRuleResponse },
  }),
  route('DELETE', '/api/keyword-rules/{id}', 'merchant', 'spec-000', 'Delete a keyword rule', {
    schemas: { params: idParams, response: deletedResponse },
  }),
  route(
    'POST',
    '/api/keyword-rules/test',
    'merchant',
    'spec-000',
    'Show which rules apply to an item',
    { schemas: { body: ruleTestRequest, response: ruleTestResult } },
  ),
  route(
    'DELETE',
    '/api/keyword-rules/clear-all',
    'merchant',
    'spec-000',
    'Delete every keyword rule',
    { schemas: { response: deletedResponse } },
  ),
  route(
    'POST',
    '/api/keyword-rules/preview',
    'merchant',
    'implied',
    'Existing orders a rule would match',
    {
      schemas: { body: keywordRuleInput, response: rulePreviewResponse },
    },
  ),
  route(
    'POST',
    '/api/keyword-rules/apply',
    'merchant',
    'implied',
    'Apply the rules to unshipped orders',
    {
      schemas: { response: applyRulesResponse },
    },
  ),
  route('POST', '/api/reports/search', 'merchant', 'spec-000', 'Advanced report search', {
    schemas: { body: reportSearchRequest, response: reportSearchResponse },
  }),
  route(
    'POST',
    '/api/reports/export',
    'merchant',
    'spec-000',
    'Export a report as csv, xlsx or pdf',
    {
      streaming: 'response',
      schemas: { body: reportExportRequest },
    },
  ),
  route('GET', '/api/public/seller-queries', 'merchant', 'spec-000', "The seller's buyer queries"),
  route(
    'PUT',
    '/api/public/seller-queries/{id}/read',
    'merchant',
    'spec-000',
    'Mark a query viewed',
  ),
  route(
    'POST',
    '/api/public/seller-queries/{id}/reply',
    'merchant',
    'spec-000',
    'Reply to a query',
  ),
  route('POST', '/api/customer/lookup', 'public', 'spec-001', 'Buyer order lookup'),
  route('POST', '/api/order-queries', 'public', 'spec-001', 'Send a query to the seller'),
  route('GET', '/api/customer/orders', 'customer', 'spec-001', "The buyer's claimed orders"),
  route('POST', '/api/customer-auth/claim-order', 'customer', 'spec-001', 'Claim an order'),
  route('PATCH', '/api/customer/orders/{id}', 'customer', 'spec-001', 'Edit nickname and notes'),
  route(
    'DELETE',
    '/api/customer/{orderNumber}/unclaim',
    'customer',
    'spec-001',
    'Unclaim an order',
  ),
  route('GET', '/api/order-queries/customer', 'customer', 'spec-001', "The buyer's queries"),
  route(
    'POST',
    '/api/order-queries/{id}/resolve',
    'customer',
    'spec-001',
    'Resolve an answered query',
  ),
];
