/**
 * `@onvelope/service-kit/seller-notices`: the notices a service asks svc-notify to send (to a
 * seller or, on their behalf, a buyer), kept in the service's own outbox until NATS has them.
 */
export * from './seller-notices.js';
