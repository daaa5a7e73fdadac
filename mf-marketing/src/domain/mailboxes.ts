/**
 * The four mailboxes the spec names (spec 001 §2, footer), used by the footer, the contact page and
 * the legal texts. The spec does not give their domain; see README (decisions).
 */
export const mailboxes = {
  support: { label: 'Support', address: 'support@onvelope.com' },
  business: { label: 'Business', address: 'business@onvelope.com' },
  privacy: { label: 'Privacy', address: 'privacy@onvelope.com' },
  legal: { label: 'Legal', address: 'legal@onvelope.com' },
} as const;
