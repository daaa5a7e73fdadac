import { ApiError } from '@onvelope/ui';

/** spec 001 §5 and §9: a query's subject holds at most 60 characters, its message 500. */
export const subjectMax = 60;
export const messageMax = 500;

/** spec 001 §5 and §8: the query form's own texts. */
export const queryFormMessages = {
  bothRequired: 'Please fill in both subject and message fields.',
  sent: 'Query sent successfully!',
  networkFailure: 'Failed to send query. Please try again later.',
} as const;

/** The live counter under a field: characters used of the allowed ('12/60'). */
export function characterCount(text: string, max: number): string {
  return `${text.length}/${max}`;
}

/** What the form refuses to send: a subject or a message that is empty after trimming. */
export function queryFormProblem(subject: string, message: string): string | null {
  return subject.trim() && message.trim() ? null : queryFormMessages.bothRequired;
}

/**
 * spec 001 §8: 'Failed to send query: {the server's error, else Please try again later.}'; when no
 * answer came at all, 'Failed to send query. Please try again later.'
 */
export function querySendFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkFailure) return queryFormMessages.networkFailure;
  const said = error instanceof ApiError ? error.serverMessage : undefined;
  return `Failed to send query: ${said ?? 'Please try again later.'}`;
}
