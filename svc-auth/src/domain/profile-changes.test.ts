import { describe, expect, it } from 'vitest';
import { profileFieldsToSet } from './profile-changes.js';

describe('profileFieldsToSet', () => {
  it('sets the fields sent, clears the empty ones and leaves out the absent ones', () => {
    expect(profileFieldsToSet({ city: 'Leeds', website: '', phoneNumber: undefined })).toEqual({
      city: 'Leeds',
      website: null,
    });
  });
});
