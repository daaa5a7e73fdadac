import { registerRemotes } from '@module-federation/enhanced/runtime';
import { getProfile } from '@onvelope/contracts';
import {
  ApiError,
  clearCustomerSession,
  clearMerchantSession,
  createApiClient,
  localStorageKeys,
  pruneStoredTokens,
  readMerchantSession,
  storeMerchantUser,
} from '@onvelope/ui';
import { parseRemoteRegistry } from './remotes/remote-registry.js';
import {
  googleLandingTarget,
  googleLandingToken,
  type ProfileOutcome,
} from './session/google-landing.js';

// The spec's client has no timeout, but startup holds the loading screen: a hung gateway must not
// keep the site from rendering, so these two calls give up and the shell carries on without them.
const registryTimeoutMs = 10_000;
const profileTimeoutMs = 5_000;

const api = createApiClient({ getToken: () => readMerchantSession()?.token ?? null });
let startup: Promise<void> | undefined;

/**
 * Everything before the first route renders (spec 001 §4, startup): a token handed over by the
 * Google sign-in callback is stored, expired or malformed tokens are removed (one expiring within
 * 300 s only warns), the remotes are registered from the gateway's `/remotes.json`, and a signed-in
 * merchant's profile is fetched to learn whether onboarding is complete. Runs once per page load.
 */
export function startShell(): Promise<void> {
  startup ??= (async () => {
    const landingToken = googleLandingToken(new URL(window.location.href));
    if (landingToken) acceptGoogleToken(landingToken);
    pruneStoredTokens();
    const [, profile] = await Promise.all([registerRuntimeRemotes(), refreshMerchantProfile()]);
    // The query is cleaned and the router starts on the target (it reads the location on mount).
    if (landingToken) window.history.replaceState(null, '', googleLandingTarget(profile));
  })();
  return startup;
}

/** Google sign-in is for sellers: the handed-over token replaces any session in the browser. */
function acceptGoogleToken(token: string): void {
  clearCustomerSession();
  clearMerchantSession();
  localStorage.setItem(localStorageKeys.authToken, token);
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

async function refreshMerchantProfile(): Promise<ProfileOutcome> {
  if (!readMerchantSession()) return 'signed-out';
  try {
    const { user } = await api.call(getProfile, {
      signal: AbortSignal.timeout(profileTimeoutMs),
    });
    // Stores the user and its onboardingCompleted flag, which the guards read.
    storeMerchantUser(user);
    return user.onboardingCompleted ? 'complete' : 'incomplete';
  } catch (error) {
    if (error instanceof ApiError && error.isSessionExpired) {
      clearMerchantSession();
      return 'signed-out';
    }
    // Any other failure keeps the session the token describes, with the stored onboarding state.
    console.warn('The merchant profile could not be refreshed.', error);
    return 'failed';
  }
}
