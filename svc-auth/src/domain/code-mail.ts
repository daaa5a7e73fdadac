import { codeLifetimeMs, type CodePurpose } from './one-time-code.js';

const minutes = codeLifetimeMs / 60_000;

/** The email carrying a code; the code stands on a line of its own so it is easy to copy. */
export function composeCodeMail(purpose: CodePurpose, code: string) {
  if (purpose === 'reset-password') {
    return {
      subject: 'Your ONVELOPE password reset code',
      text: [
        'Use this code to set a new password for your ONVELOPE account:',
        '',
        code,
        '',
        `It expires in ${minutes} minutes. If you did not ask to reset your password, ignore this email; your password stays as it is.`,
      ].join('\n'),
    };
  }
  return {
    subject: 'Your ONVELOPE verification code',
    text: [
      'Use this code to verify your email address:',
      '',
      code,
      '',
      `It expires in ${minutes} minutes. If you did not sign up for ONVELOPE, ignore this email.`,
    ].join('\n'),
  };
}
