import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteModuleId } from '@onvelope/ui';

// One entry per id, holding that id's module: the map cannot say so, loadRemoteModule does.
const loads = new Map<RemoteModuleId, Promise<unknown>>();

/**
 * The module `id` of a remote, loaded once per page: startup starts the current page's modules as
 * soon as the remotes are registered, and the page's area picks up the same load when it renders.
 * A failed load is forgotten, so that the next call tries again.
 */
export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModule<Id>> {
  const started = loads.get(id) as Promise<RemoteModule<Id>> | undefined;
  if (started) return started;
  const load = loadRemote<RemoteModule<Id>>(id).then((module) => {
    if (!module?.default) throw new Error(`Remote module ${id} has no default export.`);
    return module;
  });
  loads.set(id, load);
  load.catch(() => loads.delete(id));
  return load;
}
