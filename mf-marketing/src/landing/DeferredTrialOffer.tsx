import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The offer reads the plans through the typed API client, which brings the contracts and zod
// (about 40 kB gzip'd). It sits below the fold, so it loads when the visitor scrolls near it and
// the landing page's first load stays without them.
const TrialOffer = lazy(() =>
  import('./TrialOffer.js').then((module) => ({ default: module.TrialOffer })),
);

/** The trial offer, loaded once it is about to scroll into view. */
export function DeferredTrialOffer() {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const reserved = <div ref={placeholder} className="mk-offer mk-offer--placeholder" />;
  return near ? (
    <Suspense fallback={reserved}>
      <TrialOffer />
    </Suspense>
  ) : (
    reserved
  );
}
