import { Section, Text } from '@react-email/components';
import type { SellerMessageContent } from '../domain/seller-message-content.js';
import {
  ActionButton,
  bodyText,
  Details,
  Footer,
  Headline,
  MessageLayout,
  mutedText,
  Paragraphs,
  Quote,
} from './layout.js';

/**
 * A message to the seller about their own account (a buyer's query, the daily digest, billing,
 * the store connection), in the product's look: the same layout as the buyers' messages with
 * ONVELOPE at the top. A buyer's words are quoted as text; React escapes every value.
 */
export function SellerMessage({
  content,
  accent,
}: {
  content: SellerMessageContent;
  accent: string;
}) {
  return (
    <MessageLayout preview={content.preview} accent={accent} brand="ONVELOPE">
      <Headline>{content.headline}</Headline>
      <Paragraphs paragraphs={content.paragraphs} />
      <Quote lines={content.quote} />
      <Details details={content.details} />
      {content.queries.length > 0 ? (
        <Section>
          {content.queries.map((query, index) => (
            <Section key={index} style={{ margin: '0 0 12px' }}>
              <Text style={{ ...bodyText, fontWeight: 'bold', margin: '0' }}>{query.heading}</Text>
              <Text style={{ ...bodyText, margin: '0' }}>{query.excerpt}</Text>
              <Text style={{ ...mutedText, margin: '0' }}>{query.receivedAt}</Text>
            </Section>
          ))}
          {content.moreQueries > 0 ? (
            <Text style={{ ...mutedText, margin: '4px 0 0' }}>
              and {content.moreQueries} more in Order Queries
            </Text>
          ) : null}
        </Section>
      ) : null}
      <ActionButton href={content.action.url} accent={accent}>
        {content.action.label}
      </ActionButton>
      <Footer>
        <Text style={mutedText}>{content.why}</Text>
      </Footer>
    </MessageLayout>
  );
}
