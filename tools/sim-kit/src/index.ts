export { hashSeed, Random } from './random.js';
export {
  apiFaultKeys,
  ApiFaultState,
  decodedUrl,
  type ApiFaultOutcome,
  type ApiFaults,
  type DelayFault,
  type RateLimitFault,
  type ServerErrorFault,
} from './api-faults.js';
export { RequestLog, type RequestFilter, type RequestRecord } from './request-log.js';
export { BodyError, isJsonType, isRecord, parseJson, readJsonBody, readText } from './http/body.js';
export { logRequests } from './http/log-requests.js';
export { requestJson, type JsonAnswer } from './http/request-json.js';
export { serve, type Serving } from './http/serve.js';
export { AdminError } from './admin/admin-error.js';
export { readFaults, type FaultRules } from './admin/read-faults.js';
export {
  asyncOperations,
  faultAndRequestOperations,
  type AsyncOperations,
  type FaultAndRequestAdmin,
  type FaultStore,
} from './admin/operations.js';
export {
  addFaultAndRequestRoutes,
  adminRouter,
  queryText,
  queryTexts,
  readObjectBody,
  readRequestFilter,
  type FaultAndRequestRouteOptions,
} from './admin/admin.routes.js';
export { adminHttp, faultAndRequestClient, type AdminHttp } from './admin/admin-client.js';
