import { describe, expect, it } from 'vitest';
import { paddedUsZip, withoutTextMarker } from './spreadsheet-cells.js';

describe('withoutTextMarker', () => {
  it('takes the apostrophe off a number kept as text, and leaves words alone', () => {
    expect(withoutTextMarker("'03038")).toBe('03038');
    expect(withoutTextMarker("'+44 7700 900123")).toBe('+44 7700 900123');
    expect(withoutTextMarker("'02134-1234")).toBe('02134-1234');
    expect(withoutTextMarker("'Tis the season")).toBe("'Tis the season");
    expect(withoutTextMarker('03038')).toBe('03038');
  });
});

describe('paddedUsZip', () => {
  it('gives back the leading zeros of a short ZIP or ZIP+4, and leaves others alone', () => {
    expect(paddedUsZip('3038')).toBe('03038');
    expect(paddedUsZip('501')).toBe('00501');
    expect(paddedUsZip('2134-1234')).toBe('02134-1234');
    expect(paddedUsZip('90210')).toBe('90210');
    expect(paddedUsZip('12')).toBe('12');
    expect(paddedUsZip('SW1A 1AA')).toBe('SW1A 1AA');
  });
});
