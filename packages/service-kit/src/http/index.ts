/**
 * `@onvelope/service-kit/http`: a service's Koa app and its process. `createService` and the
 * middleware it puts in place (request ids, forwarded headers, validation, readiness), the
 * listening server with its drain-then-close shutdown, and `runMain`, every service's entry point.
 */
export * from './create-service.js';
export * from './http-server.js';
export * from './validation.js';
export * from './request-id.js';
export * from './forwarded-headers.js';
export * from './raw-body.js';
export * from './health.js';
export * from './stray-errors.js';
