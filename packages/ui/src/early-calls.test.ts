import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberEarlyCall, startEarlyCalls, takeEarlyAnswer } from './early-calls.js';
import type { KeyValueStore } from './session.js';

// A Map behind the Storage methods the helpers use; the browser's Storage is not in Node.
function memoryStore(entries: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** A fetch that records what it was asked and answers each path with its own text. */
function recordingFetch() {
  const asked: { path: string; authorization: string | null }[] = [];
  const doFetch = ((input: string, init?: RequestInit) => {
    asked.push({
      path: input,
      authorization: new Headers(init?.headers).get('Authorization'),
    });
    return Promise.resolve(new Response(`answer to ${input}`));
  }) as typeof fetch;
  return { asked, doFetch };
}

describe('early calls', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the calls a page made last time, with the token given, and hands each answer over once', async () => {
    const storage = memoryStore();
    rememberEarlyCall(storage, '/dashboard', '/api/upload/tracking-entries?page=1');
    rememberEarlyCall(storage, '/dashboard', '/api/upload/summary?omitShipped=false');
    rememberEarlyCall(storage, '/settings', '/api/keyword-rules');
    const { asked, doFetch } = recordingFetch();

    startEarlyCalls(storage, '/dashboard', 'token-a', doFetch);

    expect(asked).toEqual([
      { path: '/api/upload/summary?omitShipped=false', authorization: 'Bearer token-a' },
      { path: '/api/upload/tracking-entries?page=1', authorization: 'Bearer token-a' },
    ]);
    const answer = takeEarlyAnswer('/api/upload/summary?omitShipped=false', 'token-a');
    expect(await (await answer!).text()).toBe('answer to /api/upload/summary?omitShipped=false');
    expect(takeEarlyAnswer('/api/upload/summary?omitShipped=false', 'token-a')).toBeUndefined();
  });

  it('does not hand an answer to a call made with another token', () => {
    const storage = memoryStore();
    rememberEarlyCall(storage, '/dashboard', '/api/upload/summary');
    startEarlyCalls(storage, '/dashboard', 'token-a', recordingFetch().doFetch);

    expect(takeEarlyAnswer('/api/upload/summary', 'token-b')).toBeUndefined();
    expect(takeEarlyAnswer('/api/upload/summary', 'token-a')).toBeUndefined();
  });

  it('remembers at most four calls per page, the latest first, and only API paths', () => {
    const storage = memoryStore();
    for (const page of [1, 2, 3, 4, 5]) {
      rememberEarlyCall(storage, '/dashboard', `/api/upload/tracking-entries?page=${page}`);
    }
    rememberEarlyCall(storage, '/dashboard', 'https://elsewhere.example/steal');
    rememberEarlyCall(storage, '/dashboard', '//elsewhere.example/api/x');
    const { asked, doFetch } = recordingFetch();

    startEarlyCalls(storage, '/dashboard', 'token-a', doFetch);

    expect(asked.map(({ path }) => path)).toEqual(
      [5, 4, 3, 2].map((page) => `/api/upload/tracking-entries?page=${page}`),
    );
  });

  it('starts nothing from a remembered list someone tampered with', () => {
    const storage = memoryStore();
    storage.setItem('onvelope.earlyCalls:/dashboard', '{"not":"a list"}');
    storage.setItem(
      'onvelope.earlyCalls:/settings',
      '["https://elsewhere.example/", 42, "/api/ok"]',
    );
    const { asked, doFetch } = recordingFetch();

    startEarlyCalls(storage, '/dashboard', 'token-a', doFetch);
    startEarlyCalls(storage, '/settings', 'token-a', doFetch);

    expect(asked.map(({ path }) => path)).toEqual(['/api/ok']);
  });

  it('refuses paths that would leave the API once the browser resolves them', () => {
    const storage = memoryStore();
    for (const path of [
      '/api/../auth/google/callback?code=x',
      '/api/%2e%2e/auth/profile',
      '/api/./upload/summary',
      '/apiary/x',
    ]) {
      rememberEarlyCall(storage, '/dashboard', path);
    }
    storage.setItem('onvelope.earlyCalls:/settings', JSON.stringify(['/api/x/../../auth/profile']));
    const { asked, doFetch } = recordingFetch();

    startEarlyCalls(storage, '/dashboard', 'token-a', doFetch);
    startEarlyCalls(storage, '/settings', 'token-a', doFetch);

    expect(asked).toEqual([]);
  });

  it('starts the list afresh on each page load, so a call the page no longer makes is dropped', () => {
    const earlierLoad = ['/api/old-1', '/api/old-2', '/api/old-3', '/api/old-4'];
    const storage = memoryStore({
      'onvelope.earlyCalls:/dashboard': JSON.stringify(earlierLoad),
    });

    rememberEarlyCall(storage, '/dashboard', '/api/upload/summary');
    rememberEarlyCall(storage, '/dashboard', '/api/keyword-rules');

    expect(JSON.parse(storage.getItem('onvelope.earlyCalls:/dashboard')!)).toEqual([
      '/api/keyword-rules',
      '/api/upload/summary',
    ]);
  });

  it('drops an answer nobody picked up within 15 s and stops its download', async () => {
    vi.useFakeTimers();
    const storage = memoryStore();
    rememberEarlyCall(storage, '/analytics', '/api/analytics/countries');
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    const doFetch = (() => Promise.resolve(new Response(body))) as typeof fetch;

    startEarlyCalls(storage, '/analytics', 'token-a', doFetch);
    await vi.advanceTimersByTimeAsync(15_000);

    expect(takeEarlyAnswer('/api/analytics/countries', 'token-a')).toBeUndefined();
    expect(cancelled).toBe(true);
  });
});
