import { useEffect, useRef, useState } from 'react';
import {
  getSummary,
  listKeywordRules,
  listTrackingEntries,
  type ResponseOf,
} from '@onvelope/contracts';
import {
  browserStores,
  clearMerchantSession,
  localStorageKeys,
  nowInSeconds,
  tokenState,
} from '@onvelope/ui';
import { merchantApi } from '../api.js';
import type { TableQuery } from '../shared/table-state.js';
import { listRequestOf, noPageCursors, withAnswer, type ListRequest } from './page-cursors.js';
import {
  listFailure,
  summaryFailure,
  tokenFailure,
  type ListFailure,
} from '../shared/workspace-messages.js';

type ListAnswer = ResponseOf<typeof listTrackingEntries>;
type Summary = ResponseOf<typeof getSummary>;

interface Loaded<T> {
  key: string;
  data: T | null;
  failure: ListFailure | null;
}

/** The token problem to report before calling at all, or null when the stored token is usable. */
function storedTokenProblem(): ListFailure | null {
  const token = browserStores().local.getItem(localStorageKeys.authToken);
  if (!token) return tokenFailure('missing');
  const state = tokenState(token, nowInSeconds());
  if (state.kind === 'expired') return tokenFailure('expired');
  if (state.kind === 'malformed') return tokenFailure('malformed');
  return null;
}

/** Whether this is the first time the flag is read (it reads false from then on). */
function takeFirst(flag: { current: boolean }): boolean {
  const first = flag.current;
  flag.current = false;
  return first;
}

async function loadList(
  query: ListRequest,
  signal: AbortSignal,
  startsEarly: boolean,
): Promise<Omit<Loaded<ListAnswer>, 'key'>> {
  const problem = storedTokenProblem();
  if (problem) {
    if (problem.clearToken) clearMerchantSession();
    return { data: null, failure: problem };
  }
  try {
    return {
      data: await merchantApi.call(listTrackingEntries, { query, signal, startsEarly }),
      failure: null,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    const failure = listFailure(error);
    // spec 000 §7: on HTTP 401 the token is cleared.
    if (failure.clearToken) clearMerchantSession();
    return { data: null, failure };
  }
}

/**
 * The dashboard's data: the page of tracking entries for `query`, the summary of the whole book and
 * the rule count. `reloadKey` changes to load again after a change.
 * While a new page loads, the previous one stays on screen. A page next to one already shown is
 * asked for with the cursor the list handed out (`page-cursors.ts`), not by its number.
 */
export function useWorkspaceData(query: TableQuery, reloadKey: number) {
  const listKey = `${JSON.stringify(query)}#${reloadKey}`;
  const [list, setList] = useState<Loaded<ListAnswer> | null>(null);
  const [summary, setSummary] = useState<{ data: Summary | null; error: string | null }>({
    data: null,
    error: null,
  });
  const [ruleCount, setRuleCount] = useState<number | null>(null);
  // Only the page's first calls are for the shell to start early next time (see @onvelope/ui
  // early-calls): a later page, sort or reload is the seller's choice of the moment.
  const firstList = useRef(true);
  const firstSummary = useRef(true);
  const cursors = useRef(noPageCursors);

  useEffect(() => {
    const controller = new AbortController();
    loadList(listRequestOf(query, cursors.current), controller.signal, takeFirst(firstList))
      .then((loaded) => {
        if (loaded.data) {
          cursors.current = withAnswer(cursors.current, query, loaded.data.pagination);
        }
        setList({ key: listKey, ...loaded });
      })
      .catch(() => undefined);
    return () => controller.abort();
    // listKey stands for query and reloadKey together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey]);

  useEffect(() => {
    const controller = new AbortController();
    if (storedTokenProblem()) return;
    // The counters describe the whole book, whatever the table's hide-shipped toggle: counted
    // with the toggle, shipped and delivered read 0 above a table that can show them.
    merchantApi
      .call(getSummary, {
        query: { omitShipped: false },
        signal: controller.signal,
        startsEarly: takeFirst(firstSummary),
      })
      .then((data) => setSummary({ data, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSummary({ data: null, error: summaryFailure(error) });
      });
    return () => controller.abort();
  }, [reloadKey]);

  useEffect(() => {
    if (storedTokenProblem()) return;
    merchantApi
      .call(listKeywordRules, { startsEarly: true })
      .then((rules) => setRuleCount(rules.length))
      // The badge is a hint: without the count the button still opens the manager.
      .catch(() => setRuleCount(null));
  }, []);

  return {
    list: list?.data ?? null,
    listFailure: list?.failure ?? null,
    loading: list?.key !== listKey,
    summary: summary.data,
    summaryError: summary.error,
    ruleCount,
    setRuleCount,
  };
}
