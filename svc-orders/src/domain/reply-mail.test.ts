import { describe, expect, it } from 'vitest';
import { replyMail } from './reply-mail.js';

const base = {
  customerName: 'Ada',
  orderNumber: '1001',
  subject: 'Where is it?',
  message: 'It has been a week.',
  reply: 'It left today.',
  merchantName: 'Teapots Ltd',
  portalUrl: 'https://onvelope.example/customer-dashboard',
};

describe('reply mail', () => {
  it('carries the reply, the question and the order number', () => {
    const mail = replyMail(base);
    expect(mail.subject).toBe('Re: Where is it? (order 1001)');
    expect(mail.text).toContain('Teapots Ltd replied to your question about order 1001:');
    expect(mail.text).toContain('It left today.');
    expect(mail.text).toContain('It has been a week.');
    expect(mail.text).toContain(base.portalUrl);
  });

  it('reads well without a seller name or a buyer name', () => {
    const text = replyMail({ ...base, merchantName: null, customerName: '' }).text;
    expect(text).toContain('Hello there,');
    expect(text).toContain('The seller replied');
  });
});
