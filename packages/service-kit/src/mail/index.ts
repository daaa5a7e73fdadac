/** `@onvelope/service-kit/mail`: sending a service's e-mails (SMTP today). */
export * from './mailer.js';
