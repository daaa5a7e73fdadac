import {
  localPagesScript as localPagesScriptRoute,
  localPagesStyle as localPagesStyleRoute,
} from '@onvelope/contracts';

/**
 * The HTML of the local stand-ins for Stripe's hosted pages (see `localStripe`). The browser opens
 * a page by a plain navigation, which carries no bearer token, so the page holds nothing of the
 * seller's: its script, served from this same origin, asks for the content and sends the button
 * with the seller's session (the token the merchant screens keep), and the service checks that the
 * session is the owner's.
 */

export const localPageMessages = {
  signIn:
    'Sign in to ONVELOPE in this browser as the seller who opened this page, then open it again.',
  failed: 'Something went wrong. Go back to ONVELOPE and try again.',
} as const;

/** The page the browser opens: a frame whose script fills `main` from `viewPath`. */
export function framePage(title: string, viewPath: string): string {
  return page(
    title,
    `<main data-view="${escapeHtml(viewPath)}">
<p>Loading…</p>
<noscript><p>This page needs JavaScript.</p></noscript>
</main>`,
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The one date form of the seller's screens ('Dec 5, 2026', en-US: packages/ui `formatDate`), for
 * the pages' script too, which cannot import it. The service writes the date in UTC; the script
 * writes it again in the browser's zone, as account settings do until the seller's own is known.
 */
const dateForm = {
  locale: 'en-US',
  parts: { day: 'numeric', month: 'short', year: 'numeric' },
} as const;

/** A date in a local page: `<time>` with the moment, which the pages' script writes as settings do. */
export function localDateHtml(iso: string): string {
  const text = new Date(iso).toLocaleDateString(dateForm.locale, {
    ...dateForm.parts,
    timeZone: 'UTC',
  });
  return `<time datetime="${escapeHtml(iso)}" data-date>${escapeHtml(text)}</time>`;
}

/**
 * Plain browser JavaScript, served as a file because the site's Content-Security-Policy allows
 * scripts (and styles) from its own origin only. spec 001 "Local storage keys": the seller's token is `authToken`.
 */
export const localPagesScript = `'use strict';
(() => {
  const main = document.querySelector('main[data-view]');
  if (!main) return;
  const token = localStorage.getItem('authToken');
  const messages = ${JSON.stringify(localPageMessages)};
  const call = async (method, path) => {
    const response = await fetch(path, {
      method,
      headers: token ? { authorization: 'Bearer ' + token } : {},
    });
    const answer = await response.json().catch(() => ({}));
    if (response.status === 401) throw new Error(messages.signIn);
    if (!response.ok) throw new Error(answer.error || messages.failed);
    return answer;
  };
  const fail = (error) => {
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.setAttribute('data-testid', 'local-page-error');
    message.textContent = error.message;
    main.replaceChildren(message);
  };
  main.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button) return;
    button.disabled = true;
    call('POST', button.dataset.action).then((answer) => location.assign(answer.redirectTo), fail);
  });
  call('GET', main.dataset.view).then((answer) => {
    main.innerHTML = answer.html;
    const dateForm = ${JSON.stringify(dateForm)};
    for (const time of main.querySelectorAll('time[data-date]')) {
      time.textContent = new Date(time.dateTime).toLocaleDateString(dateForm.locale, dateForm.parts);
    }
  }, fail);
})();
`;

/** The pages' style, served as a file for the same reason as their script. */
export const localPagesStyle = `body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d2433; }
h1 { font-size: 1.5rem; }
.price { font-size: 1.25rem; font-weight: 600; }
.note { background: #fff7e0; border: 1px solid #f0d58a; padding: .75rem; border-radius: .5rem; font-size: .9rem; }
button { background: #3454d1; color: #fff; border: 0; border-radius: .5rem; padding: .75rem 1.25rem; font-size: 1rem; cursor: pointer; margin: 1rem 0; }
a { color: #3454d1; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ONVELOPE</title>
<link rel="stylesheet" href="${localPagesStyleRoute.path}">
<script src="${localPagesScriptRoute.path}" defer></script>
</head>
<body>
${body}
</body>
</html>`;
}
