// Async boundary: shared singletons are negotiated before React is imported by bootstrap.
void import('./bootstrap.js');
