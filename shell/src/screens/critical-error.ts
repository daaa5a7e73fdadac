export const missingRootMessage =
  'Critical error: ONVELOPE cannot start because the page has no root element (#root). ' +
  'Please reload the page; if this keeps happening, contact support.';

/**
 * spec 001 §2: the critical message when the root element is missing. React cannot render without
 * it, so the message is written with plain DOM calls.
 */
export function showMissingRootMessage(document: Document): void {
  console.error(missingRootMessage);
  const message = document.createElement('div');
  message.setAttribute('role', 'alert');
  message.setAttribute('data-testid', 'critical-error');
  message.style.cssText =
    'margin:2rem;padding:1rem 1.25rem;border:2px solid #b42318;border-radius:8px;' +
    'background:#fef3f2;color:#7a271a;font:16px/1.5 system-ui,sans-serif;';
  message.textContent = missingRootMessage;
  document.body.prepend(message);
}
