import Router from '@koa/router';
import { BodyError } from '@onvelope/sim-kit';
import { type Context } from 'koa';
import { authorizePage, errorPage } from '../http/authorize-page.js';
import { readParams } from '../http/body.js';
import { type SimState } from '../state/sim-state.js';

function validRedirect(uri: string | undefined): uri is string {
  if (!uri) return false;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function redirectWith(
  ctx: Context,
  redirectUri: string,
  params: Record<string, string | undefined>,
) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  ctx.redirect(url.toString());
}

function oauthError(ctx: Context, status: number, error: string, description: string) {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

function basicCredentials(ctx: Context): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'));
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Big Cartel's OAuth: the authorise screen (my.bigcartel.com in production), the token endpoint and
 * deauthorisation (api.bigcartel.com). One client is registered: the simulator's clientId/secret.
 */
export function oauthRoutes(state: SimState): Router {
  const router = new Router();

  /** Checks what can be checked before anything may be redirected; answers an error page otherwise. */
  function checkClient(
    ctx: Context,
    clientId: string | undefined,
    redirectUri: string | undefined,
  ) {
    ctx.type = 'html';
    if (!clientId) {
      ctx.status = 400;
      ctx.body = errorPage('client_id is required.');
      return false;
    }
    if (clientId !== state.oauth.clientId) {
      ctx.status = 400;
      ctx.body = errorPage(`Unknown client_id "${clientId}".`);
      return false;
    }
    if (!validRedirect(redirectUri)) {
      ctx.status = 400;
      ctx.body = errorPage('redirect_uri must be an absolute http(s) URL.');
      return false;
    }
    return true;
  }

  router.get('/oauth/authorize', (ctx) => {
    const param = (name: string) =>
      typeof ctx.query[name] === 'string' ? ctx.query[name] : undefined;
    const clientId = param('client_id');
    const redirectUri = param('redirect_uri');
    const oauthState = param('state');
    if (!checkClient(ctx, clientId, redirectUri)) return;
    const responseType = param('response_type');
    if (responseType !== undefined && responseType !== 'code') {
      redirectWith(ctx, redirectUri!, { error: 'unsupported_response_type', state: oauthState });
      return;
    }
    ctx.body = authorizePage({
      clientId: clientId!,
      redirectUri: redirectUri!,
      state: oauthState,
      stores: [...state.stores.values()].map((store) => store.profile),
      signedInAccountId: state.signedInAccountId,
    });
  });

  router.post('/oauth/authorize', async (ctx) => {
    const form = await readParams(ctx);
    if (!checkClient(ctx, form.client_id, form.redirect_uri)) return;
    const redirectUri = form.redirect_uri!;
    if (form.decision !== 'approve') {
      redirectWith(ctx, redirectUri, { error: 'access_denied', state: form.state });
      return;
    }
    const accountId = form.account_id ?? state.signedInAccountId;
    if (!accountId || !state.stores.has(accountId)) {
      ctx.status = 400;
      ctx.body = errorPage('Choose a store to connect.');
      return;
    }
    // The code remembers the redirect_uri it was issued for, which the token request must repeat.
    const code = state.oauth.issueCode(accountId, redirectUri);
    redirectWith(ctx, redirectUri, { code, state: form.state });
  });

  router.post('/oauth/token', async (ctx) => {
    let params: Record<string, string>;
    try {
      params = await readParams(ctx);
    } catch (error) {
      if (error instanceof BodyError) return oauthError(ctx, 400, 'invalid_request', error.message);
      throw error;
    }
    const basic = basicCredentials(ctx);
    const clientId = params.client_id ?? basic?.id;
    const clientSecret = params.client_secret ?? basic?.secret;
    if (!state.oauth.clientMatches(clientId, clientSecret)) {
      return oauthError(ctx, 401, 'invalid_client', 'Unknown client or wrong client_secret');
    }
    if (params.grant_type !== undefined && params.grant_type !== 'authorization_code') {
      return oauthError(ctx, 400, 'unsupported_grant_type', 'Only authorization_code is supported');
    }
    if (!params.code) return oauthError(ctx, 400, 'invalid_request', 'code is required');
    const result = state.oauth.exchange(params.code, params.redirect_uri);
    if (!result.ok) return oauthError(ctx, 400, result.error, result.description);
    const store = state.stores.get(result.token.accountId)!;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      access_token: result.token.token,
      token_type: 'bearer',
      // A number, as a Rails app would render it; the JSON:API documents use strings for ids.
      account_id: Number(store.profile.accountId),
      store_name: store.profile.storeName,
      contact_email: store.profile.contactEmail,
      url: `https://${store.profile.subdomain}.bigcartel.com`,
    };
  });

  router.post('/oauth/deauthorize/:accountId', (ctx) => {
    const credentials = basicCredentials(ctx);
    if (!credentials || !state.oauth.clientMatches(credentials.id, credentials.secret)) {
      ctx.set('WWW-Authenticate', 'Basic realm="Big Cartel API"');
      return oauthError(ctx, 401, 'invalid_client', 'HTTP Basic client_id:client_secret required');
    }
    if (!state.stores.has(ctx.params.accountId!)) {
      return oauthError(ctx, 404, 'not_found', `No account ${ctx.params.accountId}`);
    }
    state.oauth.revokeAccount(ctx.params.accountId!);
    ctx.status = 204;
  });

  return router;
}
