const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * The small page an unsubscribe link opens. A GET only asks (mail scanners open links; RFC 8058
 * keeps the change for the POST), its button posts to the same address. Plain HTML with no inline
 * style: the gateway's Content-Security-Policy allows none (its `form-action 'self'` allows the
 * button).
 */
export function unsubscribePage(answer: {
  email: string;
  storeName: string;
  unsubscribed: boolean;
}): string {
  const store = escape(answer.storeName);
  const email = escape(answer.email);
  const body = answer.unsubscribed
    ? `<h1>You are unsubscribed</h1>
<p>${store} will no longer e-mail ${email} about orders.</p>`
    : `<h1>Unsubscribe?</h1>
<p>Stop e-mails from ${store} to ${email} about your orders?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Unsubscribe</title>
</head><body>${body}</body></html>`;
}
