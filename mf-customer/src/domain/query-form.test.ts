import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import {
  characterCount,
  messageMax,
  queryFormProblem,
  querySendFailure,
  subjectMax,
} from './query-form.js';

describe('the query form', () => {
  it('allows a subject of 60 characters and a message of 500', () => {
    expect([subjectMax, messageMax]).toEqual([60, 500]);
  });

  it('counts the characters used of those allowed', () => {
    expect(characterCount('', subjectMax)).toBe('0/60');
    expect(characterCount('Where is my order?', subjectMax)).toBe('18/60');
    expect(characterCount('x'.repeat(500), messageMax)).toBe('500/500');
  });

  it('refuses a subject or message that is blank after trimming', () => {
    const problem = 'Please fill in both subject and message fields.';
    expect(queryFormProblem('  ', 'Hello')).toBe(problem);
    expect(queryFormProblem('Late', '\n ')).toBe(problem);
    expect(queryFormProblem('Late', 'Where is it?')).toBeNull();
  });

  it("says why sending failed: the server's error, else 'Please try again later.'", () => {
    const refused = new ApiError(400, 'x', [], {
      serverMessage: 'Subject must be at most 60 characters',
    });
    expect(querySendFailure(refused)).toBe(
      'Failed to send query: Subject must be at most 60 characters',
    );
    expect(querySendFailure(new ApiError(502, 'HTTP 502'))).toBe(
      'Failed to send query: Please try again later.',
    );
    expect(querySendFailure(new ApiError(0, 'Network request failed'))).toBe(
      'Failed to send query. Please try again later.',
    );
  });
});
