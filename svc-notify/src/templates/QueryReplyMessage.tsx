import { Text } from '@react-email/components';
import type { QueryReplyContent } from '../domain/buyer-notice-content.js';
import {
  ActionButton,
  bodyText,
  BuyerFooter,
  Details,
  Headline,
  MessageLayout,
  Paragraphs,
  Quote,
} from './layout.js';

/**
 * The seller's reply to a buyer's query, in the seller's look (logo or name, accent colour) like
 * the milestone messages: the reply, the question it answers, a button to the buyer portal and the
 * unsubscribe link. React escapes every value: neither side's words can add markup.
 */
export function QueryReplyMessage({ content }: { content: QueryReplyContent }) {
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
      <Text style={bodyText}>{content.intro}</Text>
      <Quote lines={content.reply} />
      <Text style={{ ...bodyText, fontWeight: 'bold', margin: '16px 0 0' }}>Your question:</Text>
      <Text style={{ ...bodyText, margin: '0' }}>{content.question.subject}</Text>
      <Quote lines={content.question.lines} />
      <Details details={content.details} />
      <ActionButton href={content.action.url} accent={accent}>
        {content.action.label}
      </ActionButton>
      <Paragraphs paragraphs={content.after} />
      <BuyerFooter
        why={content.why}
        storeName={content.storeName}
        unsubscribeUrl={content.unsubscribeUrl}
        unsubscribeFrom="e-mails"
      />
    </MessageLayout>
  );
}
