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
  startedAt: number;
}

// The shell and every remote bundle their own copy of this module: the started calls live on the
// page's global object, the one thing they all share.
const registryKey = Symbol.for('onvelope.earlyAnswers');
function startedCalls(): Map<string, EarlyAnswer> {
  const page = globalThis as { [registryKey]?: Map<string, EarlyAnswer> };
  return (page[registryKey] ??= new Map());
}

/** Only the gateway's own API paths are started on the visitor's behalf. */
const isApiPath = (path: string) => path.startsWith('/api/') && !path.includes('//');

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

/** Remembers that `page` makes the GET call `path` as soon as it shows (kept to the latest few). */
export function rememberEarlyCall(storage: KeyValueStore, page: string, path: string): void {
  if (!isApiPath(path)) return;
  const calls = rememberedCalls(storage, page).filter((known) => known !== path);
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
    calls.set(path, { token, answer, startedAt: Date.now() });
  }
}

/**
 * The answer to `path` the shell started with `token`, once: undefined when none was started, it
 * was made with another token, or it waited too long to be trusted as current.
 */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const calls = startedCalls();
  const started = calls.get(path);
  if (!started) return undefined;
  calls.delete(path);
  if (started.token !== token || Date.now() - started.startedAt > UNCLAIMED_MS) return undefined;
  return started.answer;
}
