import { ApiError, detailMessages, failureMessage } from '@onvelope/ui';

/** spec 000 §8: the texts the seller workspace shows itself. */
export const workspaceMessages = {
  noToken: 'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
  tokenExpired: 'TOKEN EXPIRED - Please go to /login and sign in again',
  invalidToken: 'INVALID TOKEN - Please go to /login and sign in again',
  summaryFailed: 'Failed to load summary',
  summaryNetworkFailed: 'Network error loading summary',
  searchFailed: 'Failed to search orders',
  searchConnectionError: 'Search connection error',
  searchBroken: 'Search failed',
  noSearchResults: 'No results found for your search criteria.',
  shipFailed: 'Failed to mark order as shipped',
  storeFrontUpdated: 'the connected store-front has been updated.',
  uploadFailed: 'UPLOAD FAILED',
  invalidFileType: 'INVALID FILE TYPE. ONLY CSV FILES ACCEPTED.',
  parseFailed: 'FAILED TO PARSE CSV FILE',
  databaseActionFailed: 'Failed to complete database action',
} as const;

/** A failed list load: the text after 'ERROR: ', whether to offer /login, and whether the token goes. */
export interface ListFailure {
  text: string;
  offerLogin: boolean;
  clearToken: boolean;
}

// spec 000 §2: the words that make the error offer a way back to /login (as written, case and all).
const loginHint = /AUTHENTICATION|TOKEN|login/;

/** The words of a failed call's answer: its `error` text, else the raw body. */
function answerText(error: ApiError): string {
  return error.serverMessage ?? (error.body?.trim() || error.message);
}

/**
 * spec 000 §7-§8: a 401 clears the token and says 'AUTHENTICATION FAILED - ...'; another answer says
 * 'FAILED TO LOAD DATA (status): body'; no answer at all is a 'CONNECTION ERROR'.
 */
export function listFailure(error: unknown): ListFailure {
  let text: string;
  let clearToken = false;
  if (error instanceof ApiError && error.status === 401) {
    text = `AUTHENTICATION FAILED - ${error.serverMessage ?? 'Please go to /login and sign in again'}`;
    clearToken = true;
  } else if (error instanceof ApiError && !error.isNetworkFailure) {
    text = `FAILED TO LOAD DATA (${error.status}): ${answerText(error)}`;
  } else {
    text = `CONNECTION ERROR - ${error instanceof Error ? error.message : String(error)}`;
  }
  return { text, offerLogin: loginHint.test(text), clearToken };
}

/** A list failure found before calling: the stored token is missing, expired or malformed. */
export function tokenFailure(kind: 'missing' | 'expired' | 'malformed'): ListFailure {
  const text = {
    missing: workspaceMessages.noToken,
    expired: workspaceMessages.tokenExpired,
    malformed: workspaceMessages.invalidToken,
  }[kind];
  return { text, offerLogin: true, clearToken: kind !== 'missing' };
}

/** spec 000 §8: a summary that did not load. */
export function summaryFailure(error: unknown): string {
  return error instanceof ApiError && !error.isNetworkFailure
    ? workspaceMessages.summaryFailed
    : workspaceMessages.summaryNetworkFailed;
}

/**
 * spec 000 §8: a refused search says 'Failed to search orders', no answer 'Search connection error',
 * anything else (an answer the page cannot read) 'Search failed'.
 */
export function searchFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return workspaceMessages.searchBroken;
  return error.isNetworkFailure
    ? workspaceMessages.searchConnectionError
    : workspaceMessages.searchFailed;
}

/** spec 000 §8: the line above the search results. */
export function searchResultMessage(count: number): string {
  return count === 0
    ? workspaceMessages.noSearchResults
    : `Found ${count} result(s) matching your criteria.`;
}

/** spec 000 §2: the toast after shipping, with the store-front sentence when it was updated. */
export function shippedToast(orderNumber: string, bigCartelUpdated: boolean): string {
  const done = `Order ${orderNumber} marked as shipped successfully!`;
  return bigCartelUpdated ? `${done} ${workspaceMessages.storeFrontUpdated}` : done;
}

/** spec 000 §8: the server's error, otherwise 'Failed to mark order as shipped'. */
export function shipFailure(error: unknown): string {
  return failureMessage(error, workspaceMessages.shipFailed);
}

/** spec 000 §8: 'UPLOAD FAILED' or the server's error field. */
export function uploadFailure(error: unknown): string {
  return failureMessage(error, workspaceMessages.uploadFailed);
}

/** spec 000 §8: 'Save failed: body' — the reasons the service gave, else its answer. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return `Save failed: ${detailMessages(error) ?? answerText(error)}`;
  }
  return `Save failed: ${error instanceof Error ? error.message : String(error)}`;
}
