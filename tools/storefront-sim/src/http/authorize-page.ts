import { type StoreProfile } from '../state/store.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface AuthorizePageInput {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  stores: StoreProfile[];
  signedInAccountId: string | undefined;
}

const style = `body{font-family:system-ui,sans-serif;background:#f4f4f0;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin-top:0}select,button{font-size:1rem;padding:8px 16px;margin-top:8px}
.actions{display:flex;gap:12px;margin-top:24px}button[value=approve]{background:#111;color:#fff;border:0;border-radius:6px}
button[value=deny]{background:#fff;border:1px solid #999;border-radius:6px}small{color:#666}`;

/** The approve/deny screen Big Cartel shows a store owner at `/oauth/authorize`. */
export function authorizePage(input: AuthorizePageInput): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escape(value)}">`;
  const options = input.stores
    .map((store) => {
      const selected = store.accountId === input.signedInAccountId ? ' selected' : '';
      return `<option value="${escape(store.accountId)}"${selected}>${escape(store.storeName)} (${escape(store.subdomain)}.bigcartel.com)</option>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize application · Big Cartel (simulator)</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${style}</style></head>
<body><main>
<h1>Allow <strong>ONVELOPE</strong> to access your store?</h1>
<p>It will be able to read your orders and mark them shipped.</p>
<form method="post" action="/oauth/authorize" data-testid="storefront-authorize-form">
${hidden('client_id', input.clientId)}${hidden('redirect_uri', input.redirectUri)}${hidden('state', input.state)}
<label>Signed in to <select name="account_id" data-testid="storefront-account-select">${options}</select></label>
<div class="actions">
<button type="submit" name="decision" value="approve" data-testid="storefront-approve">Approve</button>
<button type="submit" name="decision" value="deny" data-testid="storefront-deny">Deny</button>
</div>
</form>
<p><small>Big Cartel API simulator · client ${escape(input.clientId)}</small></p>
</main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head>
<body><main><h1>Authorization error</h1><p data-testid="storefront-authorize-error">${escape(message)}</p></main></body></html>`;
}
