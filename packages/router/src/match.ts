/** A route as `<Routes>` reads it: its path, and its elements from the outermost layout inwards. */
export interface FlatRoute<Element> {
  /** An absolute path (`/pricing`), `*`, or an absolute path ending in `/*`. */
  path: string;
  elements: Element[];
}

/**
 * The route a pathname shows: the one whose path equals it, else the `*` route with the longest
 * base (`/help/*` before `*`). As with react-router, case and a trailing slash do not count.
 */
export function matchRoute<Element>(
  routes: readonly FlatRoute<Element>[],
  pathname: string,
): FlatRoute<Element> | undefined {
  const wanted = comparable(pathname);
  let best: FlatRoute<Element> | undefined;
  let bestBase = -1;
  for (const route of routes) {
    if (!isSplat(route.path)) {
      if (comparable(route.path) === wanted) return route;
      continue;
    }
    const base = comparable(route.path.slice(0, -1));
    const covers = base === '/' || wanted === base || wanted.startsWith(`${base}/`);
    if (covers && base.length > bestBase) {
      best = route;
      bestBase = base.length;
    }
  }
  return best;
}

function isSplat(path: string): boolean {
  return path === '*' || path.endsWith('/*');
}

function comparable(path: string): string {
  return (path.replace(/\/+$/, '') || '/').toLowerCase();
}
