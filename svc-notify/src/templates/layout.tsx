import type { ReactNode } from 'react';
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

/**
 * The one look of every message svc-notify sends (buyers' and the seller's own): a card on a grey
 * page with a line in the accent colour, a name or logo at the top, a headline, the words, facts,
 * one button and a quiet footer. The templates compose these parts; none restyles them.
 */
const page = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px',
};
export const mutedText = { color: '#6b7280', fontSize: '13px', lineHeight: '20px' };
export const bodyText = { color: '#111827', fontSize: '15px', lineHeight: '24px' };

/** The page, the card with its accent line, and the brand (a logo, else a name) at the top. */
export function MessageLayout({
  preview,
  accent,
  brand,
  logoUrl = null,
  children,
}: {
  preview: string;
  accent: string;
  brand: string;
  logoUrl?: string | null;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={{ ...card, borderTop: `4px solid ${accent}` }}>
          <Section>
            {logoUrl ? (
              <Img src={logoUrl} alt={brand} height="48" />
            ) : (
              <Text style={{ ...bodyText, fontSize: '18px', fontWeight: 'bold' }}>{brand}</Text>
            )}
          </Section>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

export function Headline({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ color: '#111827', fontSize: '22px', lineHeight: '30px' }}>
      {children}
    </Heading>
  );
}

export function Paragraphs({ paragraphs }: { paragraphs: string[] }) {
  return paragraphs.map((paragraph, index) => (
    <Text key={index} style={bodyText}>
      {paragraph}
    </Text>
  ));
}

/** `Label: value` lines (an order's number, courier, ...). */
export function Details({ details }: { details: { label: string; value: string }[] }) {
  if (details.length === 0) return null;
  return (
    <Section style={{ margin: '16px 0' }}>
      {details.map((detail) => (
        <Text key={detail.label} style={{ ...bodyText, margin: '0' }}>
          <strong>{detail.label}:</strong> {detail.value}
        </Text>
      ))}
    </Section>
  );
}

/** The one thing to do next. */
export function ActionButton({
  href,
  accent,
  children,
}: {
  href: string;
  accent: string;
  children: ReactNode;
}) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: accent,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 'bold',
          padding: '12px 20px',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** The rule and the small print under a message (why it was sent, who sent it). */
export function Footer({ children }: { children: ReactNode }) {
  return (
    <>
      <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
      {children}
    </>
  );
}

const quoteStyle = {
  borderLeft: '3px solid #e5e7eb',
  margin: '8px 0 16px',
  padding: '0 0 0 12px',
};

/** Someone's own words (a buyer's query, a seller's reply), line by line, set apart. */
export function Quote({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Section style={quoteStyle}>
      {lines.map((line, index) => (
        <Text key={index} style={{ ...bodyText, margin: '0' }}>
          {line === '' ? '\u00a0' : line}
        </Text>
      ))}
    </Section>
  );
}

/**
 * The small print of every message to a seller's buyer: why it came, the unsubscribe link (none
 * in a seller's test) and who sent it.
 */
export function BuyerFooter({
  why,
  storeName,
  unsubscribeUrl,
  unsubscribeFrom,
}: {
  why: string;
  storeName: string;
  unsubscribeUrl: string | null;
  /** What the link stops, after the store's name ("order updates"). */
  unsubscribeFrom: string;
}) {
  return (
    <Footer>
      <Text style={mutedText}>
        {why}
        {unsubscribeUrl ? (
          <>
            {' '}
            <Link href={unsubscribeUrl} style={{ color: '#6b7280' }}>
              Unsubscribe
            </Link>{' '}
            from {storeName}&apos;s {unsubscribeFrom}.
          </>
        ) : null}
      </Text>
      <Text style={mutedText}>Sent by ONVELOPE for {storeName}.</Text>
    </Footer>
  );
}

/** What every message to a seller's buyer says around its own body. */
export interface BuyerMessageFrameContent {
  preview: string;
  accentColor: string;
  storeName: string;
  logoUrl: string | null;
  headline: string;
  greeting: string;
  unsubscribeUrl: string | null;
}

/**
 * A message to a seller's buyer in the seller's look: their logo (or name) over a line in their
 * accent colour, the headline and greeting, then `children`, then `BuyerFooter`.
 */
export function BuyerMessageFrame({
  content,
  why,
  unsubscribeFrom,
  children,
}: {
  content: BuyerMessageFrameContent;
  why: string;
  unsubscribeFrom: string;
  children: ReactNode;
}) {
  return (
    <MessageLayout
      preview={content.preview}
      accent={content.accentColor}
      brand={content.storeName}
      logoUrl={content.logoUrl}
    >
      <Headline>{content.headline}</Headline>
      <Text style={bodyText}>{content.greeting}</Text>
      {children}
      <BuyerFooter
        why={why}
        storeName={content.storeName}
        unsubscribeUrl={content.unsubscribeUrl}
        unsubscribeFrom={unsubscribeFrom}
      />
    </MessageLayout>
  );
}
