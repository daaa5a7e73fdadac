import { describe, expect, it } from 'vitest';
import { parseRemoteRegistry } from './remote-registry.js';

const page = 'http://localhost:8080/track?order=1';

describe('parseRemoteRegistry', () => {
  it('resolves relative manifest entries against the page origin', () => {
    expect(
      parseRemoteRegistry(
        { remotes: [{ name: 'mf_marketing', entry: '/mf/marketing/mf-manifest.json' }] },
        page,
      ),
    ).toEqual([
      { name: 'mf_marketing', entry: 'http://localhost:8080/mf/marketing/mf-manifest.json' },
    ]);
  });

  it('keeps absolute entries such as a dev server or another host', () => {
    expect(
      parseRemoteRegistry(
        { remotes: [{ name: 'mf_customer', entry: 'http://127.0.0.1:3002/mf-manifest.json' }] },
        page,
      ),
    ).toEqual([{ name: 'mf_customer', entry: 'http://127.0.0.1:3002/mf-manifest.json' }]);
  });

  it('skips malformed items and keeps the rest', () => {
    expect(
      parseRemoteRegistry(
        {
          remotes: [
            { name: 'mf_customer' },
            null,
            { name: '', entry: '/x.json' },
            { name: 'mf_merchant', entry: 'http://[bad' },
            { name: 'mf_merchant', entry: '/mf/merchant/mf-manifest.json' },
          ],
        },
        page,
      ),
    ).toEqual([
      { name: 'mf_merchant', entry: 'http://localhost:8080/mf/merchant/mf-manifest.json' },
    ]);
  });

  it('returns no remotes for an answer without a remotes list', () => {
    expect(parseRemoteRegistry({ error: 'Not found' }, page)).toEqual([]);
    expect(parseRemoteRegistry(null, page)).toEqual([]);
  });
});
