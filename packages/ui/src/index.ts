export { startEarlyCalls } from './early-calls.js';
export {
  decodeTokenPayload,
  nowInSeconds,
  tokenExpiryWarningSeconds,
  tokenState,
  type TokenPayload,
  type TokenState,
} from './token.js';
export {
  announceSessionExpired,
  isSessionExpiryMessage,
  whenSessionExpires,
} from './session-expiry.js';
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
export { webLink } from './web-link.js';
export {
  orderItemsLabel,
  queryPreview,
  queryPreviewLength,
  queryStatusLabel,
  unreadQueryCount,
  visibleQueries,
  type OrderQueryStatus,
} from './order-queries.js';
export { Modal, type ModalProps } from './Modal.js';
export {
  billingDestination,
  billingPaths,
  browserConsentRecord,
  hasSubscription,
  isAccessReason,
  isSameSitePath,
  pricingRedirectFor,
  rememberRedirectAfterSubscription,
  signInReturnPath,
  signInReturningTo,
  takeRedirectAfterSubscription,
  type ConsentRecord,
  type PageLocation,
} from './billing.js';
// The one country naming (contracts' table), so screens and the server's report files agree.
export { countryName } from '@onvelope/contracts';
export {
  dateDisplayIn,
  formatDate,
  formatDay,
  missingDate,
  type DateDisplay,
} from './date-format.js';
export { formatMoney, formatMoneyShort, missingAmount } from './money-format.js';
export { DateDisplayProvider, TimeText, useDateDisplay, type TimeTextProps } from './TimeText.js';
export {
  isTrackingStatus,
  statusLabel,
  statusTone,
  type TrackingStatus,
} from './tracking-status.js';
export { Toasts, type ToastsProps } from './Toasts.js';
export { toastHideMs, useToasts, type Toast } from './use-toasts.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { TextFields, type TextFieldSpec, type TextFieldsProps } from './TextFields.js';
export { errorsAfterEdit, fieldErrorsOf, fieldErrorsOfAnswer } from './field-errors.js';
export { showFirstInvalidField, useFirstInvalidField } from './use-first-invalid-field.js';
export { SessionExpiredNotice, type SessionExpiredNoticeProps } from './SessionExpiredNotice.js';
export { shipmentState, type ShipmentState, type ShipmentTone } from './shipment-state.js';
export { OrderShipment, type OrderShipmentProps } from './OrderShipment.js';
export { BannerMessage, type Banner } from './BannerMessage.js';
export { useDelayedNavigate } from './use-delayed-navigate.js';
export {
  MissingToken,
  type AuthAccount,
  type MessageAnswer,
  type SignUpField,
  type SignUpValues,
} from './auth/auth-account.js';
export {
  accountKindOf,
  authPagePath,
  emailError,
  isCompleteVerificationCode,
  optionalText,
  passwordError,
  verificationCodeInput,
  type AuthMode,
  type FieldErrors,
} from './auth/auth-form.js';
export { AuthScreen } from './auth/AuthScreen.js';
export { VerifyScreen } from './auth/VerifyScreen.js';
export {
  useContractForm,
  type ContractFormOptions,
  type ContractSchema,
  type FormErrors,
} from './use-contract-form.js';
export { ContractForm, type ContractFormProps } from './ContractForm.js';
export { ChoiceTab } from './ChoiceTab.js';
