export { startStoreFrontSim, type StoreFrontSim, type StoreFrontSimOptions } from './start.js';
export { connectStoreFrontSimAdmin } from './admin-client.js';
export { answerAuthorization } from './authorize-client.js';
export type {
  OrderChanges,
  OrderChangesResult,
  OrderSnapshot,
  ShipmentSnapshot,
  StoreCredentials,
  StoreFrontSimAdmin,
  StoreSummary,
} from './admin.js';
export type { StoreOptions } from './state/sim-state.js';
export type { ListingStyle } from './domain/listing-style.js';
export type {
  DelayFault,
  FaultTarget,
  Faults,
  RateLimitFault,
  RevokeTokenFault,
  ServerErrorFault,
} from './state/faults.js';
export type { RequestFilter, RequestRecord } from './state/request-log.js';
export { defaultPageLimit, maxPageLimit } from './domain/order-query.js';
