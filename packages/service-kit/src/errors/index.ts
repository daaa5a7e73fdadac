/**
 * `@onvelope/service-kit/errors`: errors in the spec's shape (`{ error, details }` and the status
 * that fits), thrown by routes and carried back by NATS commands alike.
 */
export * from './errors.js';
