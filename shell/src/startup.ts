import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  ApiError,
  clearMerchantSession,
  createApiClient,
  pruneStoredTokens,
  readMerchantSession,
  storeMerchantUser,
  type StoredUser,
} from '@onvelope/ui';
import { parseRemoteRegistry } from './remotes/remote-registry.js';

// The spec's client has no timeout, but startup holds the loading screen: a hung gateway must not
// keep the site from rendering, so these two calls give up and the shell carries on without them.
const registryTimeoutMs = 10_000;
const profileTimeoutMs = 5_000;

const api = createApiClient({ getToken: () => readMerchantSession()?.token ?? null });
let startup: Promise<void> | undefined;

/**
 * Everything before the first route renders (spec 001 §4, startup): expired or malformed tokens
 * are removed, the remotes are registered from the gateway's `/remotes.json`, and a signed-in
 * merchant's profile is fetched to learn whether onboarding is complete. Runs once per page load.
 */
export function startShell(): Promise<void> {
  startup ??= (async () => {
    pruneStoredTokens();
    await Promise.all([registerRuntimeRemotes(), refreshMerchantProfile()]);
  })();
  return startup;
}

async function registerRuntimeRemotes(): Promise<void> {
  try {
    const registry = await api.get<unknown>('/remotes.json', {
      signal: AbortSignal.timeout(registryTimeoutMs),
    });
    registerRemotes(parseRemoteRegistry(registry, window.location.href));
  } catch (error) {
    // Without the registry every remote area shows its failure message; the shell still renders.
    console.error('The remote registry /remotes.json could not be loaded.', error);
  }
}

async function refreshMerchantProfile(): Promise<void> {
  if (!readMerchantSession()) return;
  try {
    const answer = await api.get<{ user?: StoredUser }>('/auth/profile', {
      signal: AbortSignal.timeout(profileTimeoutMs),
    });
    if (answer?.user && typeof answer.user === 'object') storeMerchantUser(answer.user);
  } catch (error) {
    if (error instanceof ApiError && error.isSessionExpired) {
      clearMerchantSession();
      return;
    }
    // Any other failure keeps the session the token describes, with the stored onboarding state.
    console.warn('The merchant profile could not be refreshed.', error);
  }
}
