import { Section, Text } from '@react-email/components';
import type { MessageContent } from '../domain/message-content.js';
import {
  ActionButton,
  bodyText,
  BuyerMessageFrame,
  Details,
  mutedText,
  Paragraphs,
} from './layout.js';

/**
 * Every buyer message: the seller's logo (or name) over a line in their accent colour, the
 * milestone's words, the order's facts and lines, a button to the tracking page, and the
 * unsubscribe link. React escapes every value, so nothing in an order can add markup.
 */
export function BuyerMessage({ content }: { content: MessageContent }) {
  return (
    <BuyerMessageFrame
      content={content}
      why={`You are receiving this e-mail because you ordered from ${content.storeName}.`}
      unsubscribeFrom="order updates"
    >
      <Paragraphs paragraphs={content.paragraphs} />
      <Details details={content.details} />
      <ActionButton href={content.trackingUrl} accent={content.accentColor}>
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
    </BuyerMessageFrame>
  );
}
