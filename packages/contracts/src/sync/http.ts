import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-sync');

export const syncRoutes = [
  route(
    'GET',
    '/api/bigcartel/connect',
    'merchant',
    'spec-000',
    'Authorisation URL of the store-front',
  ),
  route('GET', '/api/bigcartel/callback', 'public', 'implied', 'Store-front OAuth return'),
  route('GET', '/api/bigcartel/connections', 'merchant', 'spec-000', 'Store-front connections'),
  route('DELETE', '/api/bigcartel/disconnect/{id}', 'merchant', 'spec-000', 'Disconnect a store'),
  route('DELETE', '/api/bigcartel/connections/{id}', 'merchant', 'spec-000', 'Disconnect a store'),
  route(
    'GET',
    '/api/bigcartel/connections/{id}/sync-status',
    'merchant',
    'spec-000',
    'First-sync check',
  ),
  route(
    'POST',
    '/api/bigcartel/connections/{id}/sync-all',
    'merchant',
    'spec-000',
    'Start a full sync',
  ),
  route(
    'GET',
    '/api/bigcartel/connections/{id}/sync-progress',
    'merchant',
    'spec-000',
    'Sync progress',
  ),
  route('POST', '/api/bigcartel/connections/{id}/sync', 'merchant', 'spec-000', 'Incremental sync'),
  route(
    'DELETE',
    '/api/bigcartel/clear-all-data',
    'merchant',
    'spec-000',
    'Delete store-front data',
  ),
];
