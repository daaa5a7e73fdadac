/** What `setSearchParams` accepts, as `new URLSearchParams` does. */
export type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/** The address that keeps the page and replaces its query (and drops its hash, as react-router did). */
export function searchTarget(pathname: string, params: SearchParamsInit): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The parts of a click that decide whether a link navigates in the page. */
export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a click on a link to `to` is the router's to handle: a plain left click on an in-site
 * address opening in the same tab. Anything else (a new tab or window, a download, another site)
 * is left to the browser.
 */
export function isRouterClick(
  click: LinkClick,
  to: string,
  anchor: { target?: string | undefined; download?: unknown },
): boolean {
  const modified = click.metaKey || click.altKey || click.ctrlKey || click.shiftKey;
  const sameTab = !anchor.target || anchor.target === '_self';
  const inSite = to.startsWith('/') && !to.startsWith('//');
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !modified &&
    sameTab &&
    anchor.download === undefined &&
    inSite
  );
}

/** Where a page is scrolled once a navigation has shown it. */
export type ScrollTarget = { top: true } | { id: string };

/**
 * Where the page goes after an in-page navigation from `from` to `to`, as a browser goes on loading
 * a page: to the element the new hash names, else to the top of another page; `undefined` for a new
 * query on the same page (a filter or a tab keeps its place).
 */
export function scrollTargetOf(
  from: { pathname: string; hash: string },
  to: { pathname: string; hash: string },
): ScrollTarget | undefined {
  const samePage = from.pathname === to.pathname;
  if (to.hash.length > 1 && (!samePage || to.hash !== from.hash)) return { id: idOf(to.hash) };
  return samePage ? undefined : { top: true };
}

/** The element id a hash names (`#caf%C3%A9` is `café`); a hash that is not valid escaping, as it is. */
function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
