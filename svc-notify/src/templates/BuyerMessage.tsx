import { Section, Text } from '@react-email/components';
import type { MessageContent } from '../domain/message-content.js';
import {
  ActionButton,
  bodyText,
  BuyerFooter,
  Details,
  Headline,
  MessageLayout,
  mutedText,
  Paragraphs,
} from './layout.js';

/**
 * Every buyer message: the seller's logo (or name) over a line in their accent colour, the
 * milestone's words, the order's facts and lines, a button to the tracking page, and the
 * unsubscribe link. React escapes every value, so nothing in an order can add markup.
 */
export function BuyerMessage({ content }: { content: MessageContent }) {
  const accent = content.accentColor;
  return (
    <MessageLayout
      preview={content.preview}
      accent={accent}
      brand={content.storeName}
      logoUrl={content.logoUrl}
    >
      <Headline>{content.headline}</Headline>
      <Text style={bodyText}>{content.greeting}</Text>
      <Paragraphs paragraphs={content.paragraphs} />
      <Details details={content.details} />
      <ActionButton href={content.trackingUrl} accent={accent}>
        {content.trackLabel}
      </ActionButton>
      {content.items.length > 0 ? (
        <Section>
          <Text style={{ ...bodyText, fontWeight: 'bold', margin: '0 0 4px' }}>In this order</Text>
          {content.items.map((item, index) => (
            <Text key={index} style={{ ...bodyText, margin: '0' }}>
              {item.quantity} × {item.name}
            </Text>
          ))}
          {content.moreItems > 0 ? (
            <Text style={{ ...mutedText, margin: '4px 0 0' }}>
              and {content.moreItems} more {content.moreItems === 1 ? 'item' : 'items'}
            </Text>
          ) : null}
        </Section>
      ) : null}
      <BuyerFooter
        why={`You are receiving this e-mail because you ordered from ${content.storeName}.`}
        storeName={content.storeName}
        unsubscribeUrl={content.unsubscribeUrl}
        unsubscribeFrom="order updates"
      />
    </MessageLayout>
  );
}
