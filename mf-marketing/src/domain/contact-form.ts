import { authValidationMessages, emailField } from '@onvelope/contracts';

/** spec 001 §3: a contact message. */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const emptyContactMessage: ContactMessage = {
  name: '',
  email: '',
  subject: '',
  message: '',
};

/** spec 001 §9: the contact form only simulates sending, for about 1 s. */
export const simulatedSendMs = 1000;

/** spec 001 §8: what the page says once the message is "sent". */
export const contactSentMessage = 'Message Sent!';

const requiredMessages: Record<ContactField, string> = {
  name: 'Name is required',
  email: authValidationMessages.emailRequired,
  subject: 'Subject is required',
  message: 'Message is required',
};

/** One field's problem, or undefined when it is fine (spec 001 §5: all four fields are required). */
export function contactFieldError(field: ContactField, value: string): string | undefined {
  if (value.trim() === '') return requiredMessages[field];
  // The sign-up's email rule and texts, so one address is judged alike everywhere.
  if (field === 'email') return emailField.safeParse(value).error?.issues[0]?.message;
  return undefined;
}

/** Every field's problem; an empty object means the message can be sent. */
export function contactFormErrors(message: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of Object.keys(requiredMessages) as ContactField[]) {
    const problem = contactFieldError(field, message[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}
