import { describe, expect, it } from 'vitest';
import { importProgressText, sentPercent } from './upload-progress.js';

describe('import progress', () => {
  it('counts whole percent of the file sent, 0 before the first report', () => {
    expect(sentPercent(null)).toBe(0);
    expect(sentPercent({ sent: 0, total: 0 })).toBe(0);
    expect(sentPercent({ sent: 999, total: 1_000 })).toBe(99);
    expect(sentPercent({ sent: 1_000, total: 1_000 })).toBe(100);
  });

  it('says how much of the file is in, then that the import is finishing', () => {
    expect(importProgressText(null, 5_347_737)).toBe('Importing… 0% (0.0 of 5.1 MB)');
    expect(importProgressText({ sent: 2_411_724, total: 5_347_737 }, 5_347_737)).toBe(
      'Importing… 45% (2.3 of 5.1 MB)',
    );
    expect(importProgressText({ sent: 5_347_737, total: 5_347_737 }, 5_347_737)).toBe(
      'Finishing the import…',
    );
  });
});
