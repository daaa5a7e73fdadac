import * as oidc from 'openid-client';

/** What a sign-in remembers between the redirect to the provider and the callback. */
export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OpenIdProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string;
  redirectUrl: string;
}

/** The OpenID Connect provider behind "Continue with Google" (Google itself, or a local one in tests). */
export interface OpenIdProvider {
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * Exchanges the code with the PKCE verifier and returns the ID token's claims after checking its
   * signature against the provider's JWKS, issuer, audience, expiry and nonce.
   */
  redeem(callbackQuery: URLSearchParams, request: AuthorizationRequest): Promise<oidc.IDToken>;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const providerTimeoutSeconds = 10;

export function createOpenIdProvider(settings: OpenIdProviderSettings): OpenIdProvider {
  const issuer = new URL(settings.issuerUrl);
  let discovered: Promise<oidc.Configuration> | undefined;

  // Discovery runs on the first sign-in, not at start-up, so svc-auth starts while the provider is
  // unreachable; a failed discovery is forgotten so the next sign-in tries again.
  const configuration = () =>
    (discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        {
          timeout: providerTimeoutSeconds,
          execute: [
            // openid-client trusts an ID token from the token endpoint on TLS alone; we check its
            // signature against the provider's JWKS as well.
            oidc.enableNonRepudiationChecks,
            // Plain HTTP only for a provider on this machine (the local provider in tests and dev).
            ...(issuer.protocol === 'http:' && loopbackHosts.has(issuer.hostname)
              ? [oidc.allowInsecureRequests]
              : []),
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));

  return {
    async authorizationUrl(request) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUrl,
        response_type: 'code',
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async redeem(callbackQuery, request) {
      // The redirect_uri sent with the code must be the registered one, not the URL this instance
      // saw behind the gateway, so the callback URL is rebuilt from the configured one.
      const callbackUrl = new URL(settings.redirectUrl);
      callbackUrl.search = callbackQuery.toString();
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider answered without an ID token');
      return claims;
    },
  };
}
