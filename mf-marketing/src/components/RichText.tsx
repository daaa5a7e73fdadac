import { Link } from '@onvelope/router';
import { inlineLinks } from '../domain/inline-links.js';

/** Running text with its page links and email addresses made clickable (see `inlineLinks`). */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {inlineLinks(text).map((part, index) => {
        switch (part.kind) {
          case 'text':
            return part.text;
          case 'page':
            return (
              <Link key={index} to={part.to}>
                {part.text}
              </Link>
            );
          case 'email':
            return (
              <a key={index} href={`mailto:${part.address}`}>
                {part.address}
              </a>
            );
        }
      })}
    </>
  );
}
