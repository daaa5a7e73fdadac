/** A piece of running text: plain words, a link to a page of the site, or an email address. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'page'; text: string; to: string }
  | { kind: 'email'; address: string };

// `[label](/path)` or a bare address such as privacy@onvelope.com.
const linkPattern = /\[([^\]]+)\]\((\/[^)\s]*)\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/**
 * Splits text written for the public pages (legal texts, FAQs) into its links and plain parts, so the
 * texts stay readable data: 'See our [Privacy Policy](/privacy) or write to legal@onvelope.com.'
 */
export function inlineLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const [whole, label, to, address] = match;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (address) parts.push({ kind: 'email', address });
    else if (label && to) parts.push({ kind: 'page', text: label, to });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The text as a reader sees it, links reduced to their labels (for checks and summaries). */
export function plainText(text: string): string {
  return inlineLinks(text)
    .map((part) => (part.kind === 'email' ? part.address : part.text))
    .join('');
}
