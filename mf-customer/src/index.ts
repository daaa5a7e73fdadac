// Async boundary: shared singletons are negotiated with the host before any React code runs.
void import('./bootstrap.js');
