import { Suspense, use } from 'react';
import { BrowserRouter } from '@onvelope/router';
import { AppRoutes } from './routing/AppRoutes.js';
import { AppErrorBoundary } from './screens/AppErrorBoundary.js';
import { LoadingScreen } from './screens/LoadingScreen.js';

function Started({ startup }: { startup: Promise<void> }) {
  use(startup);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The loading screen until startup settles, then the routes; a startup failure shows the error screen. */
export function App({ startup }: { startup: Promise<void> }) {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Started startup={startup} />
      </Suspense>
    </AppErrorBoundary>
  );
}
