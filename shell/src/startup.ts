import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  clearCustomerSession,
  clearMerchantSession,
  localStorageKeys,
  pruneStoredTokens,
  readMerchantSession,
  startEarlyCalls,
  storeMerchantUser,
} from '@onvelope/ui';
import { loadRemoteModule } from './remotes/remote-modules.js';
import { parseRemoteRegistry } from './remotes/remote-registry.js';
import { pageModules } from './routing/page-modules.js';
import { currentArrival, currentViewer } from './routing/viewer.js';
import {
  googleLandingTarget,
  googleLandingToken,
  type ProfileOutcome,
} from './session/google-landing.js';
import { endsSession, getJson, profilePath, type ProfileAnswer } from './session/startup-calls.js';

// The spec's client has no timeout, but startup holds the loading screen: a hung gateway must not
// keep the site from rendering, so these two calls give up and the shell carries on without them.
const registryTimeoutMs = 10_000;
const profileTimeoutMs = 5_000;

let startup: Promise<void> | undefined;

/**
 * Everything before the first route renders (spec 001 §4, startup): a token handed over by the
 * Google sign-in callback is stored, expired or malformed tokens are removed (one expiring within
 * 300 s only warns), the remotes are registered from the gateway's `/remotes.json`, and a signed-in
 * merchant's profile is fetched to learn whether onboarding is complete. Runs once per page load;
 * the entry starts it before React's chunks arrive, so its calls run while they load.
 */
export function startShell(): Promise<void> {
  startup ??= (async () => {
    const landingToken = googleLandingToken(new URL(window.location.href));
    if (landingToken) acceptGoogleToken(landingToken);
    pruneStoredTokens();
    startSellersEarlyCalls();
    const [, profile] = await Promise.all([registerRuntimeRemotes(), refreshMerchantProfile()]);
    // The query is cleaned and the router starts on the target (it reads the location on mount).
    if (landingToken) window.history.replaceState(null, '', googleLandingTarget(profile));
  })();
  return startup;
}

/**
 * A signed-in seller's page data calls start now, while the remote's manifest, entry and chunks
 * load (the ones that page made last time; see `@onvelope/ui` early-calls).
 */
function startSellersEarlyCalls(): void {
  const session = readMerchantSession();
  if (session) startEarlyCalls(localStorage, window.location.pathname, session.token);
}

/** Google sign-in is for sellers: the handed-over token replaces any session in the browser. */
function acceptGoogleToken(token: string): void {
  clearCustomerSession();
  clearMerchantSession();
  localStorage.setItem(localStorageKeys.authToken, token);
}

async function registerRuntimeRemotes(): Promise<void> {
  try {
    const registry = await getJson<unknown>('/remotes.json', {
      signal: AbortSignal.timeout(registryTimeoutMs),
    });
    if (!registry.ok) throw new Error(`HTTP ${registry.status} ${registry.error}`.trim());
    registerRemotes(parseRemoteRegistry(registry.body, window.location.href));
  } catch (error) {
    // Without the registry every remote area shows its failure message; the shell still renders.
    console.error('The remote registry /remotes.json could not be loaded.', error);
    return;
  }
  preloadCurrentPage();
}

/**
 * Starts loading the current page's remote modules (manifest, entry, chunks) without waiting for
 * the profile and for React: the page's area picks up the same load. Read from the stored session,
 * so a page the profile then closes only costs its download. A failure is reported by the area.
 */
function preloadCurrentPage(): void {
  const arrival = currentArrival(window.location.search);
  for (const id of pageModules(window.location.pathname, currentViewer(), arrival)) {
    loadRemoteModule(id).catch(() => undefined);
  }
}

async function refreshMerchantProfile(): Promise<ProfileOutcome> {
  const session = readMerchantSession();
  if (!session) return 'signed-out';
  try {
    const answer = await getJson<ProfileAnswer>(profilePath, {
      token: session.token,
      signal: AbortSignal.timeout(profileTimeoutMs),
    });
    if (answer.ok) {
      // Stores the user and its onboardingCompleted flag, which the guards read.
      storeMerchantUser(answer.body.user);
      return answer.body.user.onboardingCompleted ? 'complete' : 'incomplete';
    }
    if (endsSession(answer.status, answer.error)) {
      clearMerchantSession();
      return 'signed-out';
    }
    console.warn(`The merchant profile could not be refreshed: HTTP ${answer.status}.`);
    return 'failed';
  } catch (error) {
    // Any other failure keeps the session the token describes, with the stored onboarding state.
    console.warn('The merchant profile could not be refreshed.', error);
    return 'failed';
  }
}
