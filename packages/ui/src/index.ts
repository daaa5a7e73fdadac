export {
  decodeTokenPayload,
  nowInSeconds,
  tokenExpiryWarningSeconds,
  tokenState,
  type TokenPayload,
  type TokenState,
} from './token.js';
export { isSessionExpiryMessage } from './session-expiry.js';
export {
  browserStores,
  clearCustomerSession,
  clearMerchantSession,
  localStorageKeys,
  logout,
  merchantDisplayName,
  pruneStoredTokens,
  readCustomerSession,
  readMerchantSession,
  sessionStorageKeys,
  storeMerchantUser,
  type CustomerInfo,
  type CustomerSession,
  type KeyValueStore,
  type MerchantSession,
  type PruneResult,
  type SessionStores,
  type StoredUser,
  type UserInfo,
} from './session.js';
export {
  ApiError,
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type ApiErrorDetail,
  type HttpMethod,
  type RequestOptions,
} from './api-client.js';
export type {
  LegalVersion,
  RemoteModule,
  RemoteModuleId,
  RemoteModules,
  RemotePage,
} from './remote-pages.js';
