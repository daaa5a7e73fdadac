import { ApiError, clientMessages, detailMessages, failureMessage } from '@onvelope/ui';

/**
 * A failed buyer call as the portal words it (spec 001 §8): a 401 is 'Not authenticated - please
 * log in again'; otherwise the details, else the server's error, else the screen's fallback.
 */
export function portalFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 401)
    return clientMessages.customerNotAuthenticated;
  return detailMessages(error) ?? failureMessage(error, fallback);
}
