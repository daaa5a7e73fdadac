// The entry of a worker thread started from TypeScript sources (`startModuleWorker`): registers tsx
// in the worker, then loads the worker's own entry, given as its last argument. A built service's
// workers load their JavaScript directly and never come here, so tsx stays a dev dependency.
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
