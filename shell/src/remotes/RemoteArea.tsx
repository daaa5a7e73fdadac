import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteModuleId } from '@onvelope/ui';
import type { PageRef } from '../routing/route-table.js';
import { loadRemoteModule } from './remote-modules.js';

// Props vary per module; the route table pairs each id with its props (PageRef), so the cache can
// hold the components under one loose type.
type AnyPage = ComponentType<Record<string, unknown>>;
const pages = new Map<RemoteModuleId, AnyPage>();

/**
 * One lazy component per module for the page's lifetime, so React never sees a new component type
 * for the same area. A failed load is forgotten (see AreaBoundary) so that a later visit retries.
 */
function remotePage(id: RemoteModuleId): AnyPage {
  let page = pages.get(id);
  if (!page) {
    page = lazy(async () => {
      const module = await loadRemoteModule(id);
      return { default: module.default as AnyPage };
    });
    pages.set(id, page);
  }
  return page;
}

interface RemoteAreaProps {
  page: PageRef;
  /** Names the area in the loading and failure messages ("The tracking area could not be loaded."). */
  area: string;
  /** Replaces the failure message, for areas where a message would be noise (header, footer). */
  fallback?: ReactNode;
  /** Replaces the loading indicator. */
  loading?: ReactNode;
}

/**
 * One part of the site that comes from a remote. It loads at run time, shows a loading state, and
 * when the remote is down or throws it shows a message for this area only; the rest of the site
 * keeps working.
 */
export function RemoteArea({ page, area, fallback, loading }: RemoteAreaProps) {
  const Page = remotePage(page.id);
  return (
    <AreaBoundary area={area} fallback={fallback} onFailure={() => pages.delete(page.id)}>
      <Suspense fallback={loading ?? <AreaLoading area={area} />}>
        {/* remotePage returns the cached component for the id, not a new one per render. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Page {...page.props} />
      </Suspense>
    </AreaBoundary>
  );
}

export function AreaLoading({ area }: { area: string }) {
  return (
    <div className="ov-area-loading" role="status" data-testid="area-loading">
      <span className="ov-spinner" aria-hidden="true" />
      Loading {area}…
    </div>
  );
}

export function areaFailureMessage(area: string): string {
  return `The ${area} area could not be loaded. Please try again later.`;
}

interface AreaBoundaryProps {
  area: string;
  fallback: ReactNode | undefined;
  /** Forgets the failed module so that the next visit to the area tries to load it again. */
  onFailure: () => void;
  children: ReactNode;
}

class AreaBoundary extends Component<AreaBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onFailure();
    console.error(`The ${this.props.area} area failed.`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div className="ov-page">
        <p
          className="ov-alert ov-alert--error"
          role="alert"
          data-testid="area-error"
          data-area={this.props.area}
        >
          {areaFailureMessage(this.props.area)}
        </p>
      </div>
    );
  }
}
