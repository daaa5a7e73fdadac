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
  clearPendingVerification,
  localStorageKeys,
  logout,
  merchantDisplayName,
  pruneStoredTokens,
  readCustomerSession,
  readMerchantSession,
  readPendingVerification,
  sessionStorageKeys,
  storeCustomerInfo,
  storeCustomerSignIn,
  storeMerchantSignIn,
  storeMerchantUser,
  storeOnboardingCompleted,
  storePendingVerification,
  type AccountKind,
  type CustomerInfo,
  type CustomerSession,
  type KeyValueStore,
  type MerchantSession,
  type PendingVerification,
  type PruneResult,
  type SessionStores,
  type StoredUser,
  type UserInfo,
} from './session.js';
export {
  ApiError,
  createApiClient,
  detailMessages,
  failureMessage,
  filenameFromContentDisposition,
  type ApiClient,
  type DownloadedFile,
  type CallOptions,
  type ApiClientOptions,
  type ApiErrorDetail,
  type HttpMethod,
  type RequestOptions,
  type UploadProgress,
} from './api-client.js';
export type {
  LegalVersion,
  RemoteModule,
  RemoteModuleId,
  RemoteModules,
  RemotePage,
} from './remote-pages.js';
export { clientMessages, redirectDelays } from './messages.js';
export { saveFile } from './save-file.js';
export {
  orderItemsLabel,
  queryPreview,
  queryPreviewLength,
  queryStatusLabel,
  timeAgo,
  unreadQueryCount,
  visibleQueries,
  type OrderQueryStatus,
} from './order-queries.js';
export { Modal, type ModalProps } from './Modal.js';
