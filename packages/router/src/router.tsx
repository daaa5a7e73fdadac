import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import {
  isRouterClick,
  scrollTargetOf,
  searchTarget,
  type ScrollTarget,
  type SearchParamsInit,
} from './navigation.js';

/** The address the page shows. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

/** Goes to an in-site address (`/login`, `?tab=a`), or `delta` steps through the history. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** The location shown, and where to scroll once it is (see `scrollTargetOf`). */
interface Shown {
  location: Location;
  scroll?: ScrollTarget | undefined;
}

/** How long a hash's element may take to appear: the new page's code may still be loading. */
const hashWaitMs = 10_000;

/**
 * Scrolls to the target. An element not there yet (its page's code is still loading) is scrolled to
 * once it appears; answers what ends that wait, for the next navigation.
 */
function scrollToTarget(target: ScrollTarget): () => void {
  const element = 'id' in target ? document.getElementById(target.id) : null;
  if (element) element.scrollIntoView();
  else window.scrollTo(0, 0);
  return 'id' in target && !element ? whenElementAppears(target.id) : () => {};
}

/** Scrolls to the element `id` once it appears, within `hashWaitMs`; answers what ends the wait. */
function whenElementAppears(id: string): () => void {
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    element.scrollIntoView();
  });
  const timer = setTimeout(() => observer.disconnect(), hashWaitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Follows the browser's address: renders its children with the current location, and moves the
 * history when a link, `navigate` or Back changes it. Updates are transitions (as react-router's
 * are), so a page whose code is still loading keeps the previous one on screen meanwhile. Once a
 * link or `navigate` has shown another page, it is scrolled to the top (or to its hash's element),
 * as a browser does for a page it loads; Back and Forward leave it to the browser's own scroll
 * restoration.
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [shown, setShown] = useState<Shown>(() => ({ location: browserLocation() }));
  const { location } = shown;

  useLayoutEffect(() => {
    const follow = () => startTransition(() => setShown({ location: browserLocation() }));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  useLayoutEffect(() => (shown.scroll ? scrollToTarget(shown.scroll) : undefined), [shown]);

  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const target = new URL(to, window.location.href);
    const address = target.pathname + target.search + target.hash;
    const from = browserLocation();
    // Going to the address already shown adds no entry, as react-router did.
    const replace =
      options?.replace === true || address === from.pathname + from.search + from.hash;
    if (replace) window.history.replaceState(null, '', address);
    else window.history.pushState(null, '', address);
    const shownNext = browserLocation();
    startTransition(() =>
      setShown({ location: shownNext, scroll: scrollTargetOf(from, shownNext) }),
    );
  }, []);

  const state = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={state}>{children}</RouterContext>;
}

function useRouter(hook: string): RouterState {
  const state = use(RouterContext);
  if (!state) throw new Error(`${hook}() may be used only inside <BrowserRouter>.`);
  return state;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

/** The same function for the page's whole life. */
export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate').navigate;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/**
 * The address's query, and a function that replaces it (on the same page). The params object
 * changes only when the query does, and the function never.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter('useSearchParams');
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // Read at call time: two updates in one event both build on the address as it is by then.
      const { pathname, search } = window.location;
      const value = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      navigate(searchTarget(pathname, value), options);
    },
    [navigate],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-site address (`/pricing`); any other is a plain link the browser follows. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** An `<a href>` that navigates in the page on a plain click (new tabs and the like stay the browser's). */
export function Link({ to, replace, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isRouterClick(event, to, anchor)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
