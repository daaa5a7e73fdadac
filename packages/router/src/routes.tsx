import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  use,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchRoute, type FlatRoute } from './match.js';
import { useLocation } from './router.js';

export interface RouteProps {
  /** An absolute path, `*`, or an absolute path ending in `/*`; none for a layout route. */
  path?: string;
  /** What the route shows; a layout route's element places its child routes with `<Outlet />`. */
  element?: ReactNode;
  /** A layout route's child routes. */
  children?: ReactNode;
}

/** Describes a route to its `<Routes>`; rendered on its own it shows nothing. */
export function Route(_props: RouteProps): null {
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout route's element shows the matched child route. */
export function Outlet() {
  return use(OutletContext);
}

/** Shows the one route the address matches (see `matchRoute`), inside its layout routes. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const route = matchRoute(flattenRoutes(children), pathname);
  if (!route) return null;
  return route.elements.reduceRight<ReactNode>(
    (outlet, element) => <OutletContext value={outlet}>{element}</OutletContext>,
    null,
  );
}

function flattenRoutes(
  children: ReactNode,
  layouts: ReactNode[] = [],
  into: FlatRoute<ReactNode>[] = [],
): FlatRoute<ReactNode>[] {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) {
      flattenRoutes(
        (child as ReactElement<{ children?: ReactNode }>).props.children,
        layouts,
        into,
      );
      return;
    }
    if (child.type !== Route) throw new Error('<Routes> takes only <Route> elements.');
    const { path, element, children: nested } = (child as ReactElement<RouteProps>).props;
    const elements = [...layouts, element];
    if (nested !== undefined) flattenRoutes(nested, elements, into);
    if (path !== undefined) into.push({ path, elements });
  });
  return into;
}
