import type { RemoteModuleId } from '@onvelope/ui';
import { redirectFor, type Viewer } from './access.js';
import { routePage, type Arrival } from './route-page.js';
import { routeTable } from './route-table.js';

/** The public layout's own modules, around every public page. */
const publicFrame: RemoteModuleId[] = ['mf_marketing/PublicHeader', 'mf_marketing/PublicFooter'];

/**
 * The remote modules the page at `pathname` renders for this viewer, so that startup can begin
 * loading them while React starts. None when the route redirects (its guard or the table): the
 * target page's own load starts when it renders. Paths in the table have no parameters, so a
 * path names its route; the arrival picks a shared route's seller or buyer page.
 *
 * @example pageModules('/', signedOut, arrival) // ['mf_marketing/PublicHeader', 'mf_marketing/PublicFooter', 'mf_marketing/LandingPage']
 */
export function pageModules(pathname: string, viewer: Viewer, arrival: Arrival): RemoteModuleId[] {
  // Matched as the router does: without a trailing slash, case-insensitively.
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  const route = routeTable.find((entry) => entry.path === path);
  if (!route || 'redirectTo' in route || redirectFor(route.access, viewer)) return [];
  const { id } = routePage(route, arrival);
  return route.layout === 'public' ? [...publicFrame, id] : [id];
}
