import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import { reportSearchFailure } from './report-messages.js';

describe('reportSearchFailure', () => {
  it("shows the service's own reason when it gave one", () => {
    const refused = new ApiError(400, 'Invalid dates', [], { serverMessage: 'Invalid dates' });
    expect(reportSearchFailure(refused)).toBe('Invalid dates');
  });

  it("says 'HTTP error! status' with the status when the answer had no reason", () => {
    expect(reportSearchFailure(new ApiError(502, 'HTTP 502: Bad Gateway'))).toBe(
      'HTTP error! status: 502',
    );
  });

  it('says the search could not connect when no answer came', () => {
    expect(reportSearchFailure(new ApiError(0, 'Network request failed'))).toBe(
      'Search connection error',
    );
    expect(reportSearchFailure(new TypeError('boom'))).toBe('Search connection error');
  });
});
