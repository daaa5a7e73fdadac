import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { MessageContent } from '../domain/message-content.js';

const page = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px',
};
const muted = { color: '#6b7280', fontSize: '13px', lineHeight: '20px' };
const body = { color: '#111827', fontSize: '15px', lineHeight: '24px' };

/**
 * Every buyer message: the seller's logo (or name) over a line in their accent colour, the
 * milestone's words, the order's facts and lines, a button to the tracking page, and the
 * unsubscribe link. React escapes every value, so nothing in an order can add markup.
 */
export function BuyerMessage({ content }: { content: MessageContent }) {
  const accent = content.accentColor;
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={page}>
        <Container style={{ ...card, borderTop: `4px solid ${accent}` }}>
          <Section>
            {content.logoUrl ? (
              <Img src={content.logoUrl} alt={content.storeName} height="48" />
            ) : (
              <Text style={{ ...body, fontSize: '18px', fontWeight: 'bold' }}>
                {content.storeName}
              </Text>
            )}
          </Section>
          <Heading as="h1" style={{ color: '#111827', fontSize: '22px', lineHeight: '30px' }}>
            {content.headline}
          </Heading>
          <Text style={body}>{content.greeting}</Text>
          {content.paragraphs.map((paragraph, index) => (
            <Text key={index} style={body}>
              {paragraph}
            </Text>
          ))}
          <Section style={{ margin: '16px 0' }}>
            {content.details.map((detail) => (
              <Text key={detail.label} style={{ ...body, margin: '0' }}>
                <strong>{detail.label}:</strong> {detail.value}
              </Text>
            ))}
          </Section>
          <Section style={{ margin: '24px 0' }}>
            <Button
              href={content.trackingUrl}
              style={{
                backgroundColor: accent,
                borderRadius: '6px',
                color: '#ffffff',
                fontSize: '15px',
                fontWeight: 'bold',
                padding: '12px 20px',
              }}
            >
              {content.trackLabel}
            </Button>
          </Section>
          {content.items.length > 0 ? (
            <Section>
              <Text style={{ ...body, fontWeight: 'bold', margin: '0 0 4px' }}>In this order</Text>
              {content.items.map((item, index) => (
                <Text key={index} style={{ ...body, margin: '0' }}>
                  {item.quantity} × {item.name}
                </Text>
              ))}
              {content.moreItems > 0 ? (
                <Text style={{ ...muted, margin: '4px 0 0' }}>
                  and {content.moreItems} more {content.moreItems === 1 ? 'item' : 'items'}
                </Text>
              ) : null}
            </Section>
          ) : null}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={muted}>
            You are receiving this e-mail because you ordered from {content.storeName}.
            {content.unsubscribeUrl ? (
              <>
                {' '}
                <Link href={content.unsubscribeUrl} style={{ color: '#6b7280' }}>
                  Unsubscribe
                </Link>{' '}
                from {content.storeName}&apos;s order updates.
              </>
            ) : null}
          </Text>
          <Text style={muted}>Sent by ONVELOPE for {content.storeName}.</Text>
        </Container>
      </Body>
    </Html>
  );
}
