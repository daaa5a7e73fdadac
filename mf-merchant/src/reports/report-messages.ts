import { ApiError } from '@onvelope/ui';

/** spec 000 §8: the texts of a report search that failed. */
export const reportMessages = {
  connectionError: 'Search connection error',
  httpError: 'HTTP error! status',
} as const;

/**
 * A report search that failed: the service's own `error` text when it sent one, else spec 000 §8's
 * 'HTTP error! status: 502'; no answer at all is a 'Search connection error'.
 *
 * @example reportSearchFailure(new ApiError(502, 'HTTP 502: Bad Gateway')) // 'HTTP error! status: 502'
 */
export function reportSearchFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkFailure) return reportMessages.connectionError;
  return error.serverMessage ?? `${reportMessages.httpError}: ${error.status}`;
}
