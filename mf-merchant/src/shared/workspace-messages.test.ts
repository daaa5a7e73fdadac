import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import {
  listFailure,
  saveFailure,
  searchFailure,
  searchResultMessage,
  shipFailure,
  shippedToast,
  summaryFailure,
  tokenFailure,
  uploadFailure,
} from './workspace-messages.js';

const network = new ApiError(0, 'Network request failed');

describe('list failures', () => {
  it('clears the token on a 401 and offers /login', () => {
    expect(
      listFailure(new ApiError(401, 'jwt expired', [], { serverMessage: 'jwt expired' })),
    ).toEqual({
      text: 'AUTHENTICATION FAILED - jwt expired',
      offerLogin: true,
      clearToken: true,
    });
  });

  it('shows the status and the body of another failure, offering /login only for token words', () => {
    expect(listFailure(new ApiError(500, 'HTTP 500: boom', [], { body: 'boom' }))).toEqual({
      text: 'FAILED TO LOAD DATA (500): boom',
      offerLogin: false,
      clearToken: false,
    });
    const forbidden = listFailure(
      new ApiError(403, 'TOKEN revoked', [], { serverMessage: 'TOKEN revoked' }),
    );
    expect(forbidden).toMatchObject({
      text: 'FAILED TO LOAD DATA (403): TOKEN revoked',
      offerLogin: true,
    });
  });

  it('says CONNECTION ERROR when no answer came', () => {
    expect(listFailure(network)).toMatchObject({
      text: 'CONNECTION ERROR - Network request failed',
      offerLogin: false,
    });
  });

  it('names a missing, expired or malformed token before any call', () => {
    expect(tokenFailure('missing').text).toBe(
      'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
    );
    expect(tokenFailure('expired')).toMatchObject({
      text: 'TOKEN EXPIRED - Please go to /login and sign in again',
      clearToken: true,
    });
    expect(tokenFailure('malformed').text).toMatch(/^INVALID TOKEN - /);
  });
});

describe('summary and search failures', () => {
  it('tells a refused summary from one that never arrived', () => {
    expect(summaryFailure(new ApiError(500, 'x'))).toBe('Failed to load summary');
    expect(summaryFailure(network)).toBe('Network error loading summary');
  });

  it('tells a refused search, a lost connection and an unreadable answer apart', () => {
    expect(searchFailure(new ApiError(400, 'x'))).toBe('Failed to search orders');
    expect(searchFailure(network)).toBe('Search connection error');
    expect(searchFailure(new SyntaxError('bad json'))).toBe('Search failed');
  });

  it('counts the search results in the spec words', () => {
    expect(searchResultMessage(0)).toBe('No results found for your search criteria.');
    expect(searchResultMessage(1)).toBe('Found 1 result(s) matching your criteria.');
    expect(searchResultMessage(12)).toBe('Found 12 result(s) matching your criteria.');
  });
});

describe('action messages', () => {
  it('adds the store-front sentence to the shipped toast only when the store-front was updated', () => {
    expect(shippedToast('1001', false)).toBe('Order 1001 marked as shipped successfully!');
    expect(shippedToast('1001', true)).toBe(
      'Order 1001 marked as shipped successfully! the connected store-front has been updated.',
    );
  });

  it("shows the server's error for a failed ship or upload, else the spec's fallback", () => {
    const refused = new ApiError(409, 'x', [], { serverMessage: 'Order 7 is already shipped' });
    expect(shipFailure(refused)).toBe('Order 7 is already shipped');
    expect(shipFailure(network)).toBe('Failed to mark order as shipped');
    expect(uploadFailure(new ApiError(413, 'HTTP 413'))).toBe('UPLOAD FAILED');
  });

  it('prefixes a failed rule save with Save failed and the reasons the service gave', () => {
    const invalid = new ApiError(
      400,
      'Validation failed',
      [{ message: 'Please enter a keyword' }],
      {
        serverMessage: 'Validation failed',
      },
    );
    expect(saveFailure(invalid)).toBe('Save failed: Please enter a keyword');
    expect(
      saveFailure(
        new ApiError(400, 'x', [], { serverMessage: 'You can have at most 500 keyword rules' }),
      ),
    ).toBe('Save failed: You can have at most 500 keyword rules');
  });
});
