import { describe, expect, it } from 'vitest';
import { mailAddressOf, oneHeaderLine } from './mailer.js';

describe('mail headers', () => {
  it('keeps header text to one line, so no text can start a header of its own', () => {
    expect(oneHeaderLine('Acme\r\nBcc: x@evil.test')).toBe('Acme Bcc: x@evil.test');
    expect(oneHeaderLine(' A\u0000B\u2028 ')).toBe('A B');
  });

  it('reads the address of a sender with or without a display name', () => {
    expect(mailAddressOf('ONVELOPE <no-reply@onvelope.local>')).toBe('no-reply@onvelope.local');
    expect(mailAddressOf('no-reply@onvelope.local')).toBe('no-reply@onvelope.local');
  });
});
