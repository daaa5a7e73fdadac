import { describe, expect, it } from 'vitest';
import { errorsAfterEdit } from './field-errors.js';

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
