import { describe, expect, it } from 'vitest';
import { contactFieldError, contactFormErrors, emptyContactMessage } from './contact-form.js';

describe('contactFormErrors', () => {
  it('requires all four fields', () => {
    expect(contactFormErrors(emptyContactMessage)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('counts spaces as empty', () => {
    expect(contactFormErrors({ ...emptyContactMessage, name: '   ' }).name).toBe(
      'Name is required',
    );
  });

  it('accepts a complete message', () => {
    expect(
      contactFormErrors({
        name: 'Ada',
        email: 'ada@mail.test',
        subject: 'Hello',
        message: 'A question about my store.',
      }),
    ).toEqual({});
  });
});

describe('contactFieldError', () => {
  it('refuses an email without an @ and accepts one with it', () => {
    expect(contactFieldError('email', 'ada.mail.test')).toBe('Invalid email address');
    expect(contactFieldError('email', ' ada@mail.test ')).toBeUndefined();
  });
});
