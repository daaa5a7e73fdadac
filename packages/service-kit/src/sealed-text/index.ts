/**
 * `@onvelope/service-kit/sealed-text`: secrets encrypted for storage (store-front access tokens,
 * webhook signing secrets), bound to the document that holds them.
 */
export * from './sealed-text.js';
