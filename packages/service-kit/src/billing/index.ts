/**
 * `@onvelope/service-kit/billing`: the billing paywall, the server-side twin of
 * `@onvelope/contracts`' billing rules (see `billing-access.ts`).
 */
export * from './billing-access.js';
