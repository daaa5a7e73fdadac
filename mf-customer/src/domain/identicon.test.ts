import { describe, expect, it } from 'vitest';
import { identiconDataUrl } from './identicon.js';

function cells(url: string): string[] {
  const svg = decodeURIComponent(url.replace('data:image/svg+xml,', ''));
  return [...svg.matchAll(/<rect x="(\d)" y="(\d)" width="1"/g)].map((m) => `${m[1]},${m[2]}`);
}

describe('identiconDataUrl', () => {
  it('draws the same picture for the same email however it is typed', () => {
    expect(identiconDataUrl(' Bo@Mail.test ')).toBe(identiconDataUrl('bo@mail.test'));
  });

  it('draws different pictures for different emails', () => {
    expect(identiconDataUrl('bo@mail.test')).not.toBe(identiconDataUrl('al@mail.test'));
  });

  it('is an SVG data URL mirrored left to right', () => {
    const url = identiconDataUrl('bo@mail.test');
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const drawn = new Set(cells(url));
    for (const cell of drawn) {
      const [x, y] = cell.split(',').map(Number);
      expect(drawn.has(`${4 - x!},${y}`)).toBe(true);
    }
  });
});
