import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.js';
import { errorsAfterEdit, fieldErrorsOf, fieldErrorsOfAnswer } from './field-errors.js';

describe('form messages while the seller edits', () => {
  it('drops the message of a field that has been corrected', () => {
    const shown = { trackingNumber: 'Tracking number is required', courier: 'Courier is required' };
    expect(errorsAfterEdit(shown, { courier: 'Courier is required' })).toEqual({
      courier: 'Courier is required',
    });
  });

  it('keeps a shown message in its current words while the field is still wrong', () => {
    expect(
      errorsAfterEdit({ trackingUrl: 'old words' }, { trackingUrl: 'Tracking URL must be a URL' }),
    ).toEqual({ trackingUrl: 'Tracking URL must be a URL' });
  });

  it('adds no message for a field the seller has not submitted yet', () => {
    expect(errorsAfterEdit({}, { courier: 'Courier is required' })).toEqual({});
  });
});

describe('field messages from a contract schema and from a refused call', () => {
  const schema = z.object({
    website: z.union([z.literal(''), z.url({ error: 'Website must be a URL' })]),
    city: z.string().max(3, 'City is too long').optional(),
  });

  it("gives each field the schema's first message for it", () => {
    expect(fieldErrorsOf(schema, { website: 'shop', city: 'Londinium' })).toEqual({
      website: 'Website must be a URL',
      city: 'City is too long',
    });
    expect(fieldErrorsOf(schema, { website: '', city: 'Bre' })).toEqual({});
  });

  it('names a message inside a list field by its path', () => {
    const lanes = z.object({ lanes: z.array(z.object({ country: z.string().min(2, 'Choose') })) });
    expect(fieldErrorsOf(lanes, { lanes: [{ country: 'US' }, { country: '' }] })).toEqual({
      'lanes.1.country': 'Choose',
    });
  });

  it("names the form's fields from the paths of a refusal's details", () => {
    const refused = new ApiError(400, 'Validation failed', [
      { path: 'body.website', message: 'Website must be a URL' },
      { path: 'query.page', message: 'page must be a number' },
    ]);
    expect(fieldErrorsOfAnswer(refused, ['website', 'city'])).toEqual({
      website: 'Website must be a URL',
    });
    expect(fieldErrorsOfAnswer(new ApiError(500, 'Server error'), ['website'])).toBeNull();
    expect(fieldErrorsOfAnswer(new Error('offline'), ['website'])).toBeNull();
  });
});
