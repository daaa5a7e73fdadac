import { Text } from '@react-email/components';
import type { QueryReplyContent } from '../domain/buyer-notice-content.js';
import { ActionButton, bodyText, BuyerMessageFrame, Details, Paragraphs, Quote } from './layout.js';

/**
 * The seller's reply to a buyer's query, in the seller's look (logo or name, accent colour) like
 * the milestone messages: the reply, the question it answers, a button to the buyer portal and the
 * unsubscribe link. React escapes every value: neither side's words can add markup.
 */
export function QueryReplyMessage({ content }: { content: QueryReplyContent }) {
  return (
    <BuyerMessageFrame content={content} why={content.why} unsubscribeFrom="e-mails">
      <Text style={bodyText}>{content.intro}</Text>
      <Quote lines={content.reply} />
      <Text style={{ ...bodyText, fontWeight: 'bold', margin: '16px 0 0' }}>Your question:</Text>
      <Text style={{ ...bodyText, margin: '0' }}>{content.question.subject}</Text>
      <Quote lines={content.question.lines} />
      <Details details={content.details} />
      <ActionButton href={content.action.url} accent={content.accentColor}>
        {content.action.label}
      </ActionButton>
      <Paragraphs paragraphs={content.after} />
    </BuyerMessageFrame>
  );
}
