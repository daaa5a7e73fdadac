import { startShell } from './startup.js';

// Startup's calls (remote registry, profile) go out now, while the shared React chunks load.
void startShell();
// Async boundary: shared singletons are negotiated before React is imported by bootstrap.
void import('./bootstrap.js');
