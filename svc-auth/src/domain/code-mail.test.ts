import { describe, expect, it } from 'vitest';
import { composeCodeMail } from './code-mail.js';

describe('code mails', () => {
  it('puts the code on a line of its own and says when it expires', () => {
    for (const purpose of ['verify-email', 'reset-password'] as const) {
      const mail = composeCodeMail(purpose, '042917');
      expect(mail.text.split('\n')).toContain('042917');
      expect(mail.text).toContain('15 minutes');
    }
    expect(composeCodeMail('reset-password', '042917').subject).toMatch(/password reset/);
  });
});
