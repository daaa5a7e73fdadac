export {
  simProductionApiKey,
  simTestApiKey,
  startTrackingSim,
  type TrackingSim,
  type TrackingSimOptions,
} from './start.js';
export { connectTrackingSimAdmin } from './admin-client.js';
export type {
  DeliveryFilter,
  DeliverySummary,
  LifePreview,
  TrackerFilter,
  TrackerSummary,
  TrackingSimAdmin,
  WebhookOptions,
  WebhookSummary,
} from './admin.js';
export type {
  ApiFaultTarget,
  DelayFault,
  Faults,
  RateLimitFault,
  ServerErrorFault,
  WebhookDuplicateFault,
  WebhookFaultTarget,
  WebhookLossFault,
  WebhookReorderFault,
} from './state/faults.js';
export type { DeliveryState } from './state/events.js';
export type { RequestFilter, RequestRecord } from './state/request-log.js';
export type { Mode } from './http/auth.js';
export type {
  CarrierDetailJson,
  EventJson,
  TrackerJson,
  TrackingDetailJson,
  TrackingLocationJson,
  WebhookJson,
} from './http/objects.js';
export {
  lifeFor,
  trackingCodeLiving,
  statusDetails,
  testCodeStatuses,
  trackerStatuses,
  type Life,
  type LifeKind,
  type StatusDetail,
  type TrackerStatus,
} from './domain/life.js';
export { detectCarrier, knownCarriers } from './domain/carriers.js';
export { signWebhookBody } from './webhooks/signature.js';
