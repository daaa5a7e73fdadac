import type { KeyValueStore } from './session.js';

/**
 * Data calls started by the shell before a page's remote has loaded (issue 18: the dashboard's
 * calls waited for the whole chain of manifest, entry and chunks). The shell cannot know what a
 * remote asks for, so it learns: a call marked `startsEarly` is remembered for the page it was made
 * on, and on the next load of that page the shell starts the remembered calls with the same token
 * as soon as its entry runs; the remote's client then picks up the answer instead of calling again.
 * A remembered call that no longer matches (another sort, another token) is simply not picked up.
 */

/** Calls remembered per page; more would only be a guess at what the page needs. */
const MAX_CALLS_PER_PAGE = 4;
/** An answer nobody picked up by then belongs to a page the visitor already left. */
const UNCLAIMED_MS = 15_000;

const rememberedKey = (page: string) => `onvelope.earlyCalls:${page}`;

interface EarlyAnswer {
  token: string;
  answer: Promise<Response>;
}

// The shell and every remote bundle their own copy of this module: the started calls live on the
// page's global object, the one thing they all share.
const registryKey = Symbol.for('onvelope.earlyAnswers');
const rememberedKeyOfLoad = Symbol.for('onvelope.earlyCallsRemembered');
interface PageGlobals {
  [registryKey]?: Map<string, EarlyAnswer>;
  /** The pages whose list this page load has started again, per storage. */
  [rememberedKeyOfLoad]?: WeakMap<KeyValueStore, Set<string>>;
}
const pageGlobals = globalThis as PageGlobals;
const startedCalls = () => (pageGlobals[registryKey] ??= new Map());
const pagesRememberedThisLoad = (storage: KeyValueStore) => {
  const byStorage = (pageGlobals[rememberedKeyOfLoad] ??= new WeakMap());
  let pages = byStorage.get(storage);
  if (!pages) byStorage.set(storage, (pages = new Set()));
  return pages;
};

/**
 * Only the gateway's own API paths, written as the browser will send them, are started on the
 * visitor's behalf: `/api/../auth/…`, `//host/…` or an encoded dot segment is refused, not resolved.
 */
function isApiPath(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  const base = 'http://early-calls.invalid';
  try {
    const url = new URL(path, base);
    return url.origin === base && `${url.pathname}${url.search}` === path;
  } catch {
    return false;
  }
}

/** The calls remembered for `page`, read defensively: storage is the visitor's to edit. */
function rememberedCalls(storage: KeyValueStore, page: string): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(rememberedKey(page)) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((path): path is string => typeof path === 'string' && isApiPath(path))
      : [];
  } catch {
    return [];
  }
}

/**
 * Remembers that `page` makes the GET call `path` as soon as it shows. The first call remembered
 * in a page load replaces what earlier loads remembered, so a call the page no longer makes (an old
 * query after a deploy) is not started for ever.
 */
export function rememberEarlyCall(storage: KeyValueStore, page: string, path: string): void {
  if (!isApiPath(path)) return;
  const thisLoad = pagesRememberedThisLoad(storage);
  const earlier = thisLoad.has(page) ? rememberedCalls(storage, page) : [];
  thisLoad.add(page);
  const calls = earlier.filter((known) => known !== path);
  calls.unshift(path);
  try {
    storage.setItem(rememberedKey(page), JSON.stringify(calls.slice(0, MAX_CALLS_PER_PAGE)));
  } catch {
    // A full or refused storage only costs the head start.
  }
}

/** Starts the calls remembered for `page` with `token` (the shell, before any remote loads). */
export function startEarlyCalls(
  storage: KeyValueStore,
  page: string,
  token: string,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): void {
  const calls = startedCalls();
  for (const path of rememberedCalls(storage, page)) {
    const answer = doFetch(path, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // Nobody may be waiting on it yet: a failure is the client's to see when it picks it up.
    answer.catch(() => undefined);
    const started = { token, answer };
    calls.set(path, started);
    // Not picked up in time (the visitor went elsewhere): dropped, and its body not downloaded.
    setTimeout(() => {
      if (calls.get(path) !== started) return;
      calls.delete(path);
      answer.then((response) => response.body?.cancel()).catch(() => undefined);
    }, UNCLAIMED_MS);
  }
}

/**
 * The answer to `path` the shell started with `token`, once: undefined when none was started, it
 * was made with another token, or it was dropped as unclaimed.
 */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const calls = startedCalls();
  const started = calls.get(path);
  if (!started) return undefined;
  calls.delete(path);
  return started.token === token ? started.answer : undefined;
}
