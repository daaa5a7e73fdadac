import { describe, expect, it } from 'vitest';

describe('the root vitest configuration', () => {
  it('resolves workspace packages to their TypeScript sources, so tests need no build', () => {
    expect(import.meta.resolve('@onvelope/infra')).toMatch(/\/tools\/infra\/src\/index\.ts$/);
  });

  it('gives test workers the source condition for modules they load natively', () => {
    expect(process.execArgv.join(' ')).toMatch(/--conditions[= ]source/);
  });
});
