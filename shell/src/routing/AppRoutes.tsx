import { Link, Navigate, Outlet, Route, Routes, useLocation } from '@onvelope/router';
import { RemoteArea } from '../remotes/RemoteArea.js';
import { Guard } from './Guard.js';
import { routePage } from './route-page.js';
import { routeTable, type PageRoute, type RouteEntry } from './route-table.js';
import { currentArrival } from './viewer.js';

const none = {};

/** Public pages between the public header and footer, both from mf-marketing. */
function PublicLayout() {
  return (
    <div className="ov-public">
      <RemoteArea
        page={{ id: 'mf_marketing/PublicHeader', props: none }}
        area="site header"
        loading={<div className="ov-header-placeholder" />}
        fallback={
          <header className="ov-header-fallback">
            <Link to="/">ONVELOPE</Link>
          </header>
        }
      />
      <div className="ov-public__content">
        <Outlet />
      </div>
      <RemoteArea
        page={{ id: 'mf_marketing/PublicFooter', props: none }}
        area="site footer"
        loading={null}
        fallback={null}
      />
    </div>
  );
}

/** The route's page for this arrival: the seller's or the buyer's on a route both use. */
function RoutePage({ route }: { route: PageRoute }) {
  const { search } = useLocation();
  const page = routePage(route, currentArrival(search));
  // Keyed by path and module: two routes showing the same module (/track, /customer) get fresh
  // state, and so does the screen when Seller / Buyer swaps it for the other remote's.
  return <RemoteArea key={`${route.path} ${page.id}`} page={page} area={route.area} />;
}

function element(route: RouteEntry) {
  if ('redirectTo' in route) return <Navigate to={route.redirectTo} replace />;
  return (
    <Guard access={route.access}>
      <RoutePage route={route} />
    </Guard>
  );
}

export function AppRoutes() {
  const inPublicLayout = routeTable.filter(
    (route) => 'layout' in route && route.layout === 'public',
  );
  const others = routeTable.filter((route) => !inPublicLayout.includes(route));
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {inPublicLayout.map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
        ))}
      </Route>
      {others.map((route) => (
        <Route key={route.path} path={route.path} element={element(route)} />
      ))}
    </Routes>
  );
}
