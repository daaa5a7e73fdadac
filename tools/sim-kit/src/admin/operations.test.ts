import { describe, expect, it } from 'vitest';
import { asyncOperations } from './operations.js';

describe('asyncOperations', () => {
  it('answers each operation as a promise and turns a throw into a rejection', async () => {
    const operations = asyncOperations({
      add: (a: number, b = 1) => a + b,
      refuse: (): number => {
        throw new Error('refused');
      },
    });
    const pending = operations.add(2);
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(3);
    await expect(operations.refuse()).rejects.toThrow('refused');
  });
});
